import { describe, expect, it } from 'vitest';
import { contrastRatio, mix, parseHex, pickForeground, readableTone, toHex } from './contrast';

const rgb = (hex: string) => parseHex(hex)!;

describe('contrast', () => {
  it('parses #rgb, #rrggbb and #rrggbbaa, and nothing else', () => {
    expect(parseHex('#fff')).toEqual([255, 255, 255]);
    expect(parseHex('#6246EA')).toEqual([98, 70, 234]);
    expect(parseHex('#6246eacc')).toEqual([98, 70, 234]);
    expect(parseHex('red')).toBeNull();
    expect(parseHex('rgb(0,0,0)')).toBeNull();
    expect(parseHex(undefined)).toBeNull();
  });

  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio(rgb('#ffffff'), rgb('#000000'))).toBeCloseTo(21, 5);
    expect(contrastRatio(rgb('#777'), rgb('#777'))).toBe(1);
    // The values axe reported before the fix.
    expect(contrastRatio(rgb('#ffffff'), rgb('#2aabee'))).toBeCloseTo(2.57, 2);
    expect(contrastRatio(rgb('#139a5c'), rgb('#ffffff'))).toBeCloseTo(3.62, 1);
  });

  it('mixes in sRGB as color-mix does', () => {
    expect(toHex(mix(rgb('#ffffff'), rgb('#000000'), 0.5))).toBe('#808080');
    expect(toHex(mix(rgb('#ff0000'), rgb('#0000ff'), 1))).toBe('#ff0000');
  });

  it('keeps a colour that already reads, and moves one that does not only as far as needed', () => {
    const bg = rgb('#1d2733');
    const text = rgb('#ffffff');
    expect(readableTone(rgb('#ffffff'), [bg], text)).toEqual(rgb('#ffffff'));
    const hint = rgb('#7d8b99');
    expect(contrastRatio(hint, bg)).toBeLessThan(4.5);
    const tone = readableTone(hint, [bg], text);
    expect(contrastRatio(tone, bg)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(tone, bg)).toBeLessThan(4.8);
  });

  it('picks the first foreground that reads, else the strongest', () => {
    const white = rgb('#ffffff');
    const ink = rgb('#101014');
    expect(pickForeground(rgb('#0b74b5'), [white, ink])).toEqual(white);
    expect(pickForeground(rgb('#50a8eb'), [white, ink])).toEqual(ink);
    expect(pickForeground(rgb('#808080'), [rgb('#999999'), ink])).toEqual(ink);
  });
});
