/**
 * Hot reads answered from memory (docs/decisions/0019): a member's view of a quest, a perk, a search or a board,
 * kept per process for a second and dropped the moment something it shows may have changed.
 *
 * What drops a view is a **tag** it was read under: the id of every row it shows (the quest, its creator, the
 * viewer) or a name for a whole kind ('boards', 'explore'). Tags are touched
 * - by every write request once it has been handled, in the process that handled it: the caller's id and every id
 *   in the request's path (view-cache.plugin.ts), so a member reads their own writes at once;
 * - by every committed domain event, in every instance: each id it names (view-cache.consumer.ts).
 * A change that reaches neither (another instance's write that sends no event, a row changed by hand) shows once
 * the view is `ttlMs` old, as the home screen's copy does (homepage-cache.ts).
 *
 * Tags are hashed into a fixed table of counters, so memory stays bounded whatever is touched; two tags that share a
 * slot only drop each other's views more often.
 */
const SLOTS = 1 << 14;
const touchedAt = new Float64Array(SLOTS);
let sequence = 0;
/** When every view was last dropped at once (an event that reached this instance without its details). */
let allTouchedAt = 0;

function slotOf(tag: string): number {
  // FNV-1a over the tag's UTF-16 code units.
  let h = 0x811c9dc5;
  for (let i = 0; i < tag.length; i++) h = Math.imul(h ^ tag.charCodeAt(i), 0x01000193);
  return (h >>> 0) & (SLOTS - 1);
}

/** Something shown under `tag` may have changed: views read under it before now are dropped. */
export function touchTag(tag: string): void {
  touchedAt[slotOf(tag)] = ++sequence;
}

/** Everything may have changed: every view read before now is dropped. */
export function touchAll(): void {
  allTouchedAt = ++sequence;
}

/** Whether any of `tags` was touched after `stamp` (a `sequence` value). */
function touchedSince(tags: readonly string[], stamp: number): boolean {
  if (allTouchedAt > stamp) return true;
  for (const tag of tags) if (touchedAt[slotOf(tag)]! > stamp) return true;
  return false;
}

type Entry<T> = { value: T; tags: string[]; stamp: number; at: number };

export type ViewCacheOptions = {
  /** How long a view is answered as it is; 0 turns the cache off (every read loads). */
  ttlMs: number;
  /** Up to this age a view nothing has touched is still answered while one read refreshes it behind. */
  maxStaleMs?: number;
  /** Views kept per cache (5,000 by default: a detail is a few KB, so some 10 MB at most). */
  maxEntries?: number;
  clock?: () => number;
};

export type ViewCache<T> = {
  /**
   * The view under `key`: kept, or loaded once for all who ask at the same time. `tags` are known before the read
   * (the row asked for, the viewer); `tagsOf` adds what only the loaded view names (a quest's creator).
   */
  get(
    key: string,
    tags: readonly string[],
    load: () => Promise<T>,
    tagsOf?: (value: T) => readonly string[],
  ): Promise<T>;
};

export function createViewCache<T>(opts: ViewCacheOptions): ViewCache<T> {
  const { ttlMs } = opts;
  const maxStaleMs = opts.maxStaleMs ?? ttlMs * 5;
  const maxEntries = opts.maxEntries ?? 5_000;
  const clock = opts.clock ?? (() => performance.now());
  const entries = new Map<string, Entry<T>>();
  const loading = new Map<string, { promise: Promise<T>; stamp: number; tags: readonly string[] }>();

  const load = (
    key: string,
    tags: readonly string[],
    read: () => Promise<T>,
    tagsOf?: (value: T) => readonly string[],
  ): Promise<T> => {
    const running = loading.get(key);
    // Join a read already under way only if nothing the caller knows of was touched since it began.
    if (running && !touchedSince(running.tags, running.stamp)) return running.promise;
    // Stamped before the read: a touch during it leaves the view already out of date.
    const stamp = sequence;
    const at = clock();
    const promise = read().then(
      (value) => {
        if (loading.get(key)?.promise === promise) loading.delete(key);
        const all = tagsOf ? [...tags, ...tagsOf(value)] : [...tags];
        const kept = entries.get(key);
        if (!touchedSince(all, stamp) && (!kept || kept.stamp <= stamp)) {
          entries.delete(key);
          if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
          entries.set(key, { value, tags: all, stamp, at });
        }
        return value;
      },
      (err: unknown) => {
        if (loading.get(key)?.promise === promise) loading.delete(key);
        throw err;
      },
    );
    loading.set(key, { promise, stamp, tags });
    return promise;
  };

  return {
    get(key, tags, read, tagsOf) {
      if (ttlMs <= 0) return read();
      const kept = entries.get(key);
      if (kept) {
        if (touchedSince(kept.tags, kept.stamp)) entries.delete(key);
        else {
          const age = clock() - kept.at;
          if (age < ttlMs) return Promise.resolve(kept.value);
          if (age < maxStaleMs) {
            if (!loading.has(key)) load(key, tags, read, tagsOf).catch(() => {});
            return Promise.resolve(kept.value);
          }
        }
      }
      return load(key, tags, read, tagsOf);
    },
  };
}

/** The key of what `viewerId` asked for with `input` (a query, a search body): one view per member and input. */
export function viewKey(viewerId: string, input: unknown): string {
  return `${viewerId}\u0000${JSON.stringify(input)}`;
}

/** A member's view of one row (a quest, a perk): kept under the row, the viewer and the row's creator. */
export function viewOfRow<T extends { creator: string | null }>(
  cache: ViewCache<T>,
  id: string,
  viewerId: string,
  load: () => Promise<T>,
): Promise<T> {
  const row = id.toLowerCase();
  return cache.get(`${row}\u0000${viewerId}`, [row, viewerId], load, (view) => (view.creator ? [view.creator] : []));
}
