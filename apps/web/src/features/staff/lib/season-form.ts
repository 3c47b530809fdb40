import { SEASON_MAX_PLACES, SEASON_MSG } from '@wyn/contract';

/**
 * "50, 30, 20" → [50, 30, 20]: whole percents, first place first, summing to at most 100 (the server checks
 * again). An empty field is no paid places. Returns the message to show when the text is not a split.
 */
export function parseSplit(text: string): number[] | string {
  const parts = text
    .split(/[,\s]+/)
    .map((p) => p.replace(/%$/, ''))
    .filter(Boolean);
  const split = parts.map(Number);
  if (split.some((n) => !Number.isInteger(n) || n < 1 || n > 100)) return SEASON_MSG.splitPlace;
  if (split.length > SEASON_MAX_PLACES) return SEASON_MSG.splitTooLong;
  if (split.reduce((a, b) => a + b, 0) > 100) return SEASON_MSG.splitTooMuch;
  return split;
}
