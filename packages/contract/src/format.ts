/** Money helpers shared by server and web: storage is integer hundredths, the wire a two-place string. */
export function centsToAmount(cents: number | bigint): string {
  const n = BigInt(cents);
  const neg = n < 0n;
  const abs = neg ? -n : n;
  const whole = abs / 100n;
  const frac = (abs % 100n).toString().padStart(2, '0');
  return `${neg ? '-' : ''}${whole}.${frac}`;
}

/** Parses "125", "125.5" or 125.5 into hundredths; returns null for anything else. */
export function amountToCents(value: string | number): number | null {
  const s = typeof value === 'number' ? String(value) : value.trim();
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0') || 0);
  if (!Number.isSafeInteger(cents)) return null;
  return m[1] ? -cents : cents;
}

/**
 * An integer with en-US digit grouping ("1,234,567"), as `toLocaleString('en-US')` writes it, by hand: the first
 * number format in a browser tab loads ICU's number data (~15 ms of main-thread work on our 2-core machine, one long
 * task when Home's balance first renders; docs/performance.md, Web).
 */
export function groupDigits(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 || Object.is(n, -0) ? `-${digits}` : digits;
}

/** Whole W, truncated toward zero: "125.99" → "125 W". */
export function formatPoints(amount: string | number | null | undefined): string {
  const cents = amount == null ? 0 : (amountToCents(typeof amount === 'number' ? amount.toFixed(2) : amount) ?? 0);
  const whole = Math.trunc(cents / 100);
  return `${groupDigits(whole)} W`;
}
