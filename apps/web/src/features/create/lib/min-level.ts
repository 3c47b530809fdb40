import { MIN_LEVEL_MAX } from '@wyn/contract';

/** The wizard's "Minimum level" field: empty or 0 means anyone may take part. */
export const MIN_LEVEL_MSG = `Minimum level must be a whole number from 0 to ${MIN_LEVEL_MAX}`;

/** The problem with a typed minimum level, or null. */
export function minLevelError(value: string): string | null {
  if (!value.trim()) return null;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n <= MIN_LEVEL_MAX ? null : MIN_LEVEL_MSG;
}

/** The number to send (0 for empty). */
export const minLevelValue = (value: string): number => (value.trim() ? Number(value) : 0);

/** A stored minimum level as the field shows it ('' for none). */
export const minLevelInput = (level: number | null | undefined): string => (level ? String(level) : '');
