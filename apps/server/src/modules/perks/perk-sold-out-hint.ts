/**
 * Perks this process found out of stock, or sold the last of, a moment ago, until when (ms). A hint, never trusted:
 * under an Idempotency-Key the next attempt at such a perk (before its read, or after a read that saw stock left) is
 * first tried as one statement that decides "out of stock" in SQL and keeps it as the key's answer (`SOLD_OUT` in
 * perk-redemption.service.ts); when that does not hold, the usual read or the redemption statement follows.
 */
const soldOutUntil = new Map<string, number>();
const SOLD_OUT_HINT_MS = 10_000;
const SOLD_OUT_HINTS_MAX = 1_000;

export function markSoldOut(perkId: string, nowMs: number): void {
  if (soldOutUntil.size >= SOLD_OUT_HINTS_MAX) soldOutUntil.clear();
  soldOutUntil.set(perkId, nowMs + SOLD_OUT_HINT_MS);
}

export function seenSoldOut(perkId: string, nowMs: number): boolean {
  const until = soldOutUntil.get(perkId);
  if (until === undefined) return false;
  if (until > nowMs) return true;
  soldOutUntil.delete(perkId);
  return false;
}
