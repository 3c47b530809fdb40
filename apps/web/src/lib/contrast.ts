/**
 * WCAG contrast arithmetic for colours the app does not choose itself (Telegram's theme): relative luminance,
 * contrast ratio, and moving a colour just far enough towards another for text to read (4.5:1, WCAG 1.4.3).
 */
export type Rgb = [number, number, number];

const HEX_RE = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** `#rgb`, `#rrggbb` or `#rrggbbaa` (alpha ignored) → [r, g, b]; null for anything else. */
export function parseHex(color: string | null | undefined): Rgb | null {
  const m = HEX_RE.exec((color ?? '').trim());
  if (!m) return null;
  const hex = m[1]!.length === 3 ? m[1]!.replace(/(.)/g, '$1$1') : m[1]!.slice(0, 6);
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance (WCAG 2). */
export function luminance(rgb: Rgb): number {
  return 0.2126 * channel(rgb[0]) + 0.7152 * channel(rgb[1]) + 0.0722 * channel(rgb[2]);
}

/** Contrast ratio between two colours, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `weight` of `a` mixed into `b` (sRGB, as CSS `color-mix(in srgb, a weight, b)`). */
export function mix(a: Rgb, b: Rgb, weight: number): Rgb {
  return [0, 1, 2].map((i) => a[i]! * weight + b[i]! * (1 - weight)) as Rgb;
}

export const TEXT_CONTRAST = 4.5;

/**
 * `color` itself when it reads at `ratio` on every background, else the least mix of it towards `toward`
 * (usually the text colour, which contrasts with those backgrounds) that does; `toward` when nothing less does.
 */
export function readableTone(color: Rgb, backgrounds: Rgb[], toward: Rgb, ratio = TEXT_CONTRAST): Rgb {
  const ok = (c: Rgb) => backgrounds.every((bg) => contrastRatio(c, bg) >= ratio);
  if (ok(color)) return color;
  for (let step = 1; step <= 20; step++) {
    const candidate = mix(toward, color, step / 20);
    if (ok(candidate)) {
      // Narrow down between the last failing and the first passing step.
      let lo = (step - 1) / 20;
      let hi = step / 20;
      for (let i = 0; i < 8; i++) {
        const mid = (lo + hi) / 2;
        if (ok(mix(toward, color, mid))) hi = mid;
        else lo = mid;
      }
      const rounded = (w: number) => mix(toward, color, Math.min(1, w)).map((c) => Math.round(c)) as Rgb;
      return ok(rounded(hi)) ? rounded(hi) : rounded(hi + 0.02);
    }
  }
  return toward;
}

/** The first of `candidates` that reads at `ratio` on `fill`, else the one that contrasts most. */
export function pickForeground(fill: Rgb, candidates: Rgb[], ratio = TEXT_CONTRAST): Rgb {
  const found = candidates.find((c) => contrastRatio(c, fill) >= ratio);
  if (found) return found;
  return candidates.reduce((best, c) => (contrastRatio(c, fill) > contrastRatio(best, fill) ? c : best));
}
