/**
 * Local days for the daily streak: a member's day runs midnight to midnight in their IANA timezone. Days are
 * `YYYY-MM-DD` strings (the `date` columns), compared as text.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function partsIn(at: Date, timeZone: string) {
  const p: Record<string, number> = {};
  for (const { type, value } of formatter(timeZone).formatToParts(at)) if (type !== 'literal') p[type] = Number(value);
  return { y: p.year!, m: p.month!, d: p.day!, h: p.hour!, min: p.minute!, s: p.second! };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The member's local day at `at`. */
export function localDay(at: Date, timeZone: string): string {
  const p = partsIn(at, timeZone);
  return `${p.y}-${pad(p.m)}-${pad(p.d)}`;
}

/** The member's local hour (0–23) at `at`. */
export function localHour(at: Date, timeZone: string): number {
  return partsIn(at, timeZone).h;
}

/** `day` moved by `n` calendar days. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + n)).toISOString().slice(0, 10);
}

/** How far the zone's wall clock is ahead of UTC at `at`, in milliseconds. */
function offsetMs(at: Date, timeZone: string): number {
  const p = partsIn(at, timeZone);
  return Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant `day` begins in the zone (its local midnight; twice corrected, for days a DST change moves). */
export function dayStart(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const wall = Date.UTC(y!, m! - 1, d!);
  let t = wall - offsetMs(new Date(wall), timeZone);
  t = wall - offsetMs(new Date(t), timeZone);
  return new Date(t);
}
