import type { TelegramThemeParams } from '@/lib/telegram';
import { contrastRatio, mix, parseHex, pickForeground, readableTone, toHex, type Rgb } from '@/lib/contrast';

/** Every design token a Telegram theme may set (the rest keep the app's light or dark values). */
export const TELEGRAM_TOKENS = [
  '--background',
  '--card',
  '--foreground',
  '--card-foreground',
  '--muted',
  '--muted-foreground',
  '--border',
  '--input',
  '--primary',
  '--primary-foreground',
  '--primary-soft',
  '--ring',
] as const;
export type TelegramToken = (typeof TELEGRAM_TOKENS)[number];

const WHITE: Rgb = [255, 255, 255];
const INK: Rgb = [16, 16, 20];

function first(params: TelegramThemeParams, keys: (keyof TelegramThemeParams)[]): Rgb | null {
  for (const k of keys) {
    const c = parseHex(params[k]);
    if (c) return c;
  }
  return null;
}

/**
 * The app's tokens from Telegram's theme: its surfaces and text as they are, and tones derived from them for
 * what must be read. Telegram's `hint_color` is meant for large secondary text and falls under 4.5:1 on its own
 * surfaces (e.g. #7d8b99 on #1d2733, 4.3:1), and its `button_color` is a fill, not a text colour (#3390ec on
 * #f1f1f4 is 2.9:1; white on #50a8eb is 2.6:1). So the hint is moved towards the text colour and the accent
 * away from the background just far enough to read at 4.5:1 on the background, cards, muted chips and the
 * accent's own soft tint; the text on the accent is `button_text_color` when it reads on it, else white or ink.
 */
export function telegramPalette(params: TelegramThemeParams): Partial<Record<TelegramToken, string>> {
  const out: Partial<Record<TelegramToken, string>> = {};
  const background = first(params, ['secondary_bg_color', 'bg_color']);
  const card = first(params, ['section_bg_color', 'bg_color']);
  const text = first(params, ['text_color']);
  if (background) out['--background'] = toHex(background);
  if (card) out['--card'] = toHex(card);
  if (text) out['--foreground'] = out['--card-foreground'] = toHex(text);
  if (!text || !card || !background) return out;

  // Neutral surfaces derived from Telegram's text and card colours, so they match its palette.
  const muted = mix(text, card, 0.08);
  out['--muted'] = toHex(muted);
  out['--border'] = toHex(mix(text, card, 0.12));
  out['--input'] = toHex(mix(text, card, 0.18));
  const surfaces = [background, card, muted];

  const hint = first(params, ['hint_color', 'subtitle_text_color']);
  if (hint) out['--muted-foreground'] = toHex(readableTone(hint, surfaces, text));

  // The accent follows Telegram's button colour, as its own MainButton does, in a tone that reads as text.
  const button = first(params, ['button_color']);
  if (button) {
    // Its soft tint (chips, secondary buttons) is mixed from the accent itself: settle the two together.
    let primary = button;
    for (let i = 0; i < 4; i++) primary = readableTone(primary, [...surfaces, mix(primary, card, 0.16)], text);
    const given = parseHex(params.button_text_color);
    const onPrimary = pickForeground(primary, given ? [given, WHITE, INK] : [WHITE, INK]);
    // Neither reads on it: move the accent away from its text until it does (towards the page's text colour
    // keeps it readable on the surfaces too).
    if (contrastRatio(onPrimary, primary) < 4.5) primary = readableTone(primary, [onPrimary], text);
    out['--primary'] = out['--ring'] = toHex(primary);
    out['--primary-foreground'] = toHex(onPrimary);
    out['--primary-soft'] = toHex(mix(primary, card, 0.16));
  }
  return out;
}
