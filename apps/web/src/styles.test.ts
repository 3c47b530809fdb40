import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue #14 item 17: every tappable element shows that it is pressed. One global rule in styles.css does it
 * (the browser test in e2e/telegram-shell.e2e.ts holds a button down and reads the filter); this keeps the rule
 * covering every kind of tappable element and its brightness set in both themes.
 */
const css = readFileSync(path.join(import.meta.dirname, 'styles.css'), 'utf8');

describe('the pressed state (styles.css)', () => {
  const rule =
    /:where\(([^)]*(?:\([^)]*\)[^)]*)*)\):active:not\(:disabled, \[aria-disabled='true'\]\)\s*\{([^}]*)\}/.exec(css);

  it('dims or brightens every tappable element while pressed, unless disabled', () => {
    expect(rule, 'the :active rule').not.toBeNull();
    const selectors = rule![1]!.split(',').map((s) => s.trim().replace(/"/g, "'"));
    expect(selectors).toEqual(
      expect.arrayContaining([
        'a[href]',
        'button',
        'summary',
        'label:has(> input)',
        "[role='button']",
        "[role='tab']",
        "[role='radio']",
        "[role='checkbox']",
        "[role='switch']",
        "[role='option']",
      ]),
    );
    expect(rule![2]).toContain('filter: brightness(var(--pressed-brightness))');
  });

  it('sets the pressed brightness for the light and the dark theme', () => {
    const values = [...css.matchAll(/--pressed-brightness:\s*([\d.]+)/g)].map((m) => Number(m[1]));
    expect(values).toHaveLength(2);
    expect(values.some((v) => v < 1)).toBe(true);
    expect(values.some((v) => v > 1)).toBe(true);
  });
});
