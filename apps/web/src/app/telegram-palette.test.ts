import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHex } from '@/lib/contrast';
import { telegramPalette } from './telegram-palette';

const rgb = (hex: string | undefined) => parseHex(hex)!;

// Telegram's own palettes (Android, night and day), as a client sends them in themeParams.
const NIGHT = {
  bg_color: '#212d3b',
  secondary_bg_color: '#151e27',
  section_bg_color: '#1d2733',
  text_color: '#ffffff',
  hint_color: '#7d8b99',
  link_color: '#62bcf9',
  button_color: '#50a8eb',
  button_text_color: '#ffffff',
};
const DAY = {
  bg_color: '#ffffff',
  secondary_bg_color: '#f1f1f4',
  section_bg_color: '#ffffff',
  text_color: '#000000',
  hint_color: '#999999',
  link_color: '#2481cc',
  button_color: '#3390ec',
  button_text_color: '#ffffff',
};

describe.each([
  ['night', NIGHT],
  ['day', DAY],
])("Telegram's %s theme", (_name, params) => {
  const palette = telegramPalette(params);
  const surfaces = [palette['--background'], palette['--card'], palette['--muted']].map(rgb);

  it('keeps its surfaces and text as they are', () => {
    expect(palette['--background']).toBe(params.secondary_bg_color);
    expect(palette['--card']).toBe(
      params.bg_color === params.section_bg_color ? params.bg_color : params.section_bg_color,
    );
    expect(palette['--foreground']).toBe(params.text_color);
  });

  it('derives a hint colour that reads at 4.5:1 on every surface (Telegram’s own does not)', () => {
    expect(Math.min(...surfaces.map((s) => contrastRatio(rgb(params.hint_color), s)))).toBeLessThan(4.5);
    for (const s of surfaces) expect(contrastRatio(rgb(palette['--muted-foreground']), s)).toBeGreaterThanOrEqual(4.5);
  });

  it('derives an accent that reads as text on the surfaces and its soft tint, with readable text on it', () => {
    const primary = rgb(palette['--primary']);
    for (const s of [...surfaces, rgb(palette['--primary-soft'])])
      expect(contrastRatio(primary, s)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(rgb(palette['--primary-foreground']), primary)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('telegramPalette', () => {
  it("uses the button's own text colour when it reads", () => {
    const p = telegramPalette({ ...DAY, button_color: '#1c5fa8', button_text_color: '#fefefe' });
    expect(p['--primary']).toBe('#1c5fa8');
    expect(p['--primary-foreground']).toBe('#fefefe');
  });

  it('ignores values that are not colours', () => {
    const p = telegramPalette({ bg_color: 'url(x)', text_color: 'red' });
    expect(p).toEqual({});
  });
});
