/**
 * Popular searches count members, not requests: the same member repeating a term (paging, switching
 * tabs, pressing Enter again) within the window counts once. Per process, which is enough for a
 * ranking; several instances may each count a member once.
 */
export function createSearchCounterGate(opts: { windowMs: number; maxEntries: number; now: () => number }) {
  const seen = new Map<string, number>();
  return {
    /** True when this (member, term) has not been counted within the window; remembers it. */
    shouldCount(userId: string, term: string): boolean {
      const key = `${userId}\u0000${term}`;
      const t = opts.now();
      const last = seen.get(key);
      if (last !== undefined && t - last < opts.windowMs) return false;
      if (seen.size >= opts.maxEntries) {
        for (const [k, at] of seen) if (t - at >= opts.windowMs) seen.delete(k);
        // Still full of recent entries: forget the oldest half rather than grow without bound.
        if (seen.size >= opts.maxEntries) [...seen.keys()].slice(0, opts.maxEntries / 2).forEach((k) => seen.delete(k));
      }
      seen.delete(key);
      seen.set(key, t);
      return true;
    },
  };
}
