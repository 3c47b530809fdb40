import { homepageComplete, type HomepageComplete } from '@wyn/contract';

/**
 * The home screen is the hottest read and the same for every member (the "You" badge is decided by the
 * client), so each process keeps the serialized response and computes it once for all concurrent requests.
 *
 * - Fresh for `ttlMs`; after that, readers get the previous copy at once while one refresh runs in the
 *   background (so no reader waits on the database), up to `maxStaleMs`, after which readers wait.
 * - Changes show at once: the home-cache consumer of domain events (home-cache.consumer.ts) calls
 *   `homeContentChanged()` once a change to quests or perks has committed, in every instance (decision 0009),
 *   and the seed calls it directly; the next read waits for a fresh copy.
 */
export const HOME_CACHE_TTL_MS = 1000;

let contentVersion = 0;

/** Marks the home content as changed in this process: the next home read recomputes it. */
export function homeContentChanged(): void {
  contentVersion += 1;
}

export function createHomepageCache(
  load: () => Promise<HomepageComplete>,
  opts: { ttlMs?: number; maxStaleMs?: number; clock?: () => number } = {},
) {
  const ttlMs = opts.ttlMs ?? HOME_CACHE_TTL_MS;
  const maxStaleMs = opts.maxStaleMs ?? ttlMs * 10;
  const clock = opts.clock ?? Date.now;
  let entry: { json: string; at: number; version: number } | null = null;
  let inflight: { promise: Promise<string>; version: number } | null = null;

  const refresh = (version: number): Promise<string> => {
    if (inflight && inflight.version === version) return inflight.promise;
    const startedAt = clock();
    const promise = load()
      .then((data) => {
        const json = JSON.stringify(homepageComplete.parse(data));
        if (ttlMs > 0 && (!entry || startedAt >= entry.at)) entry = { json, at: startedAt, version };
        return json;
      })
      .finally(() => {
        if (inflight?.promise === promise) inflight = null;
      });
    inflight = { promise, version };
    return promise;
  };

  return {
    /** The homepage as a JSON string, validated against the contract when it was computed. */
    get(): Promise<string> {
      const version = contentVersion;
      if (entry && entry.version === version) {
        const age = clock() - entry.at;
        if (age < ttlMs) return Promise.resolve(entry.json);
        if (age < maxStaleMs) {
          // Stale but unchanged here: answer now, refresh once in the background.
          refresh(version).catch(() => {});
          return Promise.resolve(entry.json);
        }
      }
      return refresh(version);
    },
  };
}
