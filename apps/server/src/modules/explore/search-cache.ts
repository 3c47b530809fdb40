import type { ExploreKind } from '@wyn/contract';

/**
 * What explore search remembers between searches, per database handle (docs/decisions/0007):
 *
 * - **Broad terms** (correctness): a kind's words as written were found in more than the count cap of rows any
 *   member sees, with a deadline at least `BROAD_MARGIN_MS` away. While that holds, the total is the cap and the
 *   page is read by walking the requested order, so a broad term no longer collects cap + 1 matches through the
 *   GIN or trigram index on every search (10k matches of "garden" at 100k quests: a bitmap of all of them each
 *   time). An entry holds until the margin runs out or a change that can take matches of its kind away commits:
 *   the explore search cache consumer (search-cache.consumer.ts) calls `searchContentChanged` on every instance
 *   (decision 0009) for edited, closed, deleted, expired and moderated quests and perks, and for members on
 *   `member.renamed` (first or last name, username, Telegram username), `account.disabled`,
 *   `profile.privacy_changed` to private and staff hiding a profile (`content.moderated`). New rows only add
 *   matches.
 * - **Rare words** (speed only): a word the newest-rows sample found rare is searched through the GIN index
 *   alone next time, without the sample and the walk (a smaller statement). Forgotten after `HINT_TTL_MS`; a
 *   wrong hint costs time, never a different answer.
 */
/** The view-cache tag of every member's kept searches (explore-screen.service.ts `SearchViews`). */
export const EXPLORE_TAG = 'explore';

export const BROAD_MARGIN_MS = 10 * 60_000;
export const HINT_TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 5_000;

const versions: Record<ExploreKind, number> = { tasks: 0, perks: 0, users: 0 };

/** A change to a kind's rows that can take search matches away has committed. */
export function searchContentChanged(kind: ExploreKind): void {
  versions[kind] += 1;
}

type Entry = { broadUntil?: number; version?: number; rareUntil?: number };

export type SearchMemory = {
  isBroad(kind: ExploreKind, key: string, now: number): boolean;
  setBroad(kind: ExploreKind, key: string, until: number): void;
  isRare(kind: ExploreKind, key: string, now: number): boolean;
  setRare(kind: ExploreKind, key: string, now: number): void;
};

function createSearchMemory(): SearchMemory {
  const entries = new Map<string, Entry>();
  const at = (kind: ExploreKind, key: string) => `${kind}\u0000${key}`;
  const upsert = (k: string, patch: Entry) => {
    if (entries.size >= MAX_ENTRIES && !entries.has(k)) entries.clear();
    entries.set(k, { ...entries.get(k), ...patch });
  };
  return {
    isBroad(kind, key, now) {
      const e = entries.get(at(kind, key));
      return e?.broadUntil !== undefined && e.version === versions[kind] && now < e.broadUntil;
    },
    setBroad(kind, key, until) {
      upsert(at(kind, key), { broadUntil: until, version: versions[kind] });
    },
    isRare(kind, key, now) {
      const e = entries.get(at(kind, key));
      return e?.rareUntil !== undefined && now < e.rareUntil;
    },
    setRare(kind, key, now) {
      upsert(at(kind, key), { rareUntil: now + HINT_TTL_MS });
    },
  };
}

const memories = new WeakMap<object, SearchMemory>();

/** The memory of one database (tests open several in one process; each has its own rows). */
export function searchMemory(db: object): SearchMemory {
  let m = memories.get(db);
  if (!m) memories.set(db, (m = createSearchMemory()));
  return m;
}
