export { formatPoints } from '@wyn/contract';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * Made on first use, not when the module loads: this module is in the entry, and making the formatter loads ICU's
 * locale data, the largest part of the entry's evaluation before the first paint (~60 ms of CPU on this machine),
 * for a format neither Home nor a quest's page shows at first (docs/performance.md, Web).
 */
let rtf: Intl.RelativeTimeFormat | undefined;
const relativeTime = () => (rtf ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' }));

/** "just now", "5 minutes ago", "yesterday", "in 2 days". */
export function formatRelativeTime(date: string | number | Date, now: number = Date.now()): string {
  const t = date instanceof Date ? date.getTime() : typeof date === 'number' ? date : Date.parse(date);
  if (!Number.isFinite(t)) return '';
  const seconds = Math.round((t - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return 'just now';
  for (const [unit, size] of UNITS) {
    if (abs >= size) return relativeTime().format(Math.trunc(seconds / size), unit);
  }
  return relativeTime().format(Math.trunc(seconds / 60) || (seconds < 0 ? -1 : 1), 'minute');
}

/** Badge text: the count, or "9+" above 9. */
export function formatBadgeCount(count: number, cap = 9): string {
  return count > cap ? `${cap}+` : String(count);
}

/** Initial letter for avatar fallbacks. */
export function initialOf(name: string | null | undefined): string {
  const c = (name ?? '').trim().charAt(0);
  return c ? c.toUpperCase() : '?';
}

/** True for absolute http(s) URLs: the only external links ever rendered. */
export function isHttpUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** True for a same-origin app path such as "/explore" (not "//host"). */
export function isAppPath(value: string | null | undefined): value is string {
  return Boolean(value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\'));
}
