import { and, asc, desc, eq, gt, lte, not, sql, type SQL } from 'drizzle-orm';
import type { LeaderboardPeriod, LeaderboardResponse, LeaderboardRow } from '@wyn/contract';
import type { DbOrTx } from '../../db/client.ts';
import { leaderboardScores, profiles, seasons, users } from '../../db/schema/index.ts';
import { displayName } from '../../lib/display-name.ts';
import { preparedPerDb } from '../../lib/prepared.ts';
import { touchTag } from '../../lib/view-cache.ts';
import { boardKey, levelForXp } from './xp.service.ts';

/**
 * Leaderboards (issue #16 item 3): pages of `leaderboard_scores` read through its (board, xp) index, so a page,
 * the count and a rank cost the same at 1k and at 100k members (see `npm run bench`). Ties share a rank: a
 * member's rank is one more than the number of visible members with more XP. Hidden (by themselves or by staff)
 * and disabled members are left out of the rows, the count and everyone's rank.
 */

/** Members who appear on boards. */
const visible: SQL = and(eq(users.isActive, true), not(users.isHidden), not(users.hiddenByStaff))!;

export type SeasonRef = { id: string; name: string; endsAt: Date };

/** The season running at `now` (the latest started, if two overlap); null when none runs. */
export async function runningSeason(db: DbOrTx, now: Date): Promise<SeasonRef | null> {
  const [row] = await db
    .select({ id: seasons.id, name: seasons.name, endsAt: seasons.endsAt })
    .from(seasons)
    .where(and(lte(seasons.startsAt, now), gt(seasons.endsAt, now)))
    .orderBy(desc(seasons.startsAt))
    .limit(1);
  return row ?? null;
}

/**
 * A board's shape, materialised in memory: each distinct XP (highest first) with how many visible members have
 * more. The count and any rank are then a binary search, the same at 1k and at 100k members; only the build
 * reads the whole board (one grouped scan). Rebuilt when XP is awarded or a member is hidden or disabled
 * (`invalidateBoards`, on every instance), at most once per `staleMs` (answers may lag that much, "within
 * seconds"), and every `BOARD_TTL_MS` anyway (a member hiding their own profile sends no event). The reader that
 * starts a rebuild waits for it; readers arriving while it runs that accept lag (`staleMs` > 0) get the last
 * finished shape: at 100k members the grouped scan takes tens of milliseconds, and the rest do not queue behind it.
 */
type BoardShape = { xpDesc: number[]; aboveAt: number[]; count: number };
type CacheEntry = {
  /** The newest build, maybe still running. */
  shape: Promise<BoardShape>;
  builtAt: number;
  version: number;
  /** The last finished build (this entry's once it has finished, else the one before). */
  done: BoardShape | null;
};

const BOARD_TTL_MS = 10_000;
const MAX_CACHED_BOARDS = 500;
let boardsVersion = 0;
const caches = new WeakMap<object, Map<string, CacheEntry>>();

/** Something that changes boards happened (XP awarded, a member hidden or disabled): rebuild on next read. */
export function invalidateBoards(): void {
  boardsVersion += 1;
  touchTag(BOARDS_TAG);
}

/** The view-cache tag of every member's kept board pages (leaderboard.routes.ts). */
export const BOARDS_TAG = 'boards';

async function buildShape(db: DbOrTx, board: string): Promise<BoardShape> {
  const rows = await db
    .select({ xp: leaderboardScores.xp, n: sql<number>`count(*)::int` })
    .from(leaderboardScores)
    .innerJoin(users, eq(users.id, leaderboardScores.userId))
    .where(and(eq(leaderboardScores.board, board), gt(leaderboardScores.xp, 0), visible))
    .groupBy(leaderboardScores.xp)
    .orderBy(desc(leaderboardScores.xp));
  const xpDesc: number[] = [];
  const aboveAt: number[] = [];
  let above = 0;
  for (const r of rows) {
    xpDesc.push(Number(r.xp));
    aboveAt.push(above);
    above += r.n;
  }
  return { xpDesc, aboveAt, count: above };
}

async function boardShape(db: DbOrTx, board: string, staleMs: number): Promise<BoardShape> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const now = Date.now();
  const hit = cache.get(board);
  const age = hit ? now - hit.builtAt : Infinity;
  // Readers that accept lag take the last finished shape rather than wait for a build in progress.
  if (hit && age < BOARD_TTL_MS && (hit.version === boardsVersion || age < staleMs))
    return staleMs > 0 && hit.done ? hit.done : hit.shape;
  // One build at a time per board: concurrent readers share it.
  const entry: CacheEntry = {
    shape: buildShape(db, board),
    builtAt: now,
    version: boardsVersion,
    done: hit?.done ?? null,
  };
  entry.shape.then(
    (shape) => void (entry.done = shape),
    () => {
      if (cache.get(board) === entry) cache.delete(board);
    },
  );
  cache.delete(board);
  if (cache.size >= MAX_CACHED_BOARDS) cache.delete(cache.keys().next().value!);
  cache.set(board, entry);
  // The reader that found it out of date waits for the new shape (a lone reader is never a step behind).
  return entry.shape;
}

/** How many visible members have more than `xp` (a member's rank is this plus one). */
function countAbove(shape: BoardShape, xp: number): number {
  // The first distinct XP not above `xp`, by binary search on the descending list.
  let lo = 0;
  let hi = shape.xpDesc.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (shape.xpDesc[mid]! > xp) lo = mid + 1;
    else hi = mid;
  }
  return lo < shape.xpDesc.length ? shape.aboveAt[lo]! : shape.count;
}

/** The viewer's XP on a board (null without any, or when hidden or disabled): `visible`'s rule on inner aliases. */
const viewerXpOn = (board: unknown, viewer: unknown) =>
  sql<string | number | null>`(select ms.xp from ${leaderboardScores} ms join ${users} mu on mu.id = ms.user_id
    where ms.board = ${board} and ms.user_id = ${viewer}::uuid and ms.xp > 0
      and mu.is_active and not mu.is_hidden and not mu.hidden_by_staff)`;

/**
 * A page of a board and the viewer's XP on it, in one statement, named and prepared (a hot read: its planning cost
 * more than running it, decision 0005). Rows in XP order, then by who reached it first (the row last changed
 * earlier), then by id, so pages are stable.
 */
const boardPageQuery = preparedPerDb((db) =>
  db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      tgUsername: users.tgUsername,
      photo: users.telegramPhotoUrl,
      avatar: profiles.avatar,
      xp: leaderboardScores.xp,
      viewerXp: viewerXpOn(sql.placeholder('board'), sql.placeholder('viewer')),
    })
    .from(leaderboardScores)
    .innerJoin(users, eq(users.id, leaderboardScores.userId))
    .leftJoin(profiles, eq(profiles.id, leaderboardScores.userId))
    .where(and(eq(leaderboardScores.board, sql.placeholder('board')), gt(leaderboardScores.xp, 0), visible))
    .orderBy(desc(leaderboardScores.xp), asc(leaderboardScores.updatedAt), asc(leaderboardScores.userId))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('leaderboard_page'),
);

export type BoardPage = {
  rows: LeaderboardRow[];
  count: number;
  me: LeaderboardResponse['me'];
};

/**
 * One page of a board, ranked, with the visible count and the viewer's place (`viewerId` null: none). Rows are
 * read live through the (board, xp) index, ordered by XP, then by who reached it first (the row last changed
 * earlier), then by id, so pages are stable; the count and ranks come from the board's shape.
 */
export async function boardPage(
  db: DbOrTx,
  board: string,
  opts: { limit: number; offset: number; viewerId: string | null; staleMs?: number },
): Promise<BoardPage> {
  const [rows, shape] = await Promise.all([
    boardPageQuery(db).execute({ board, viewer: opts.viewerId, limit: opts.limit, offset: opts.offset }),
    boardShape(db, board, opts.staleMs ?? 0),
  ]);
  // A page past the end (or an empty board) has no row to carry it.
  const mine =
    rows.length > 0 || !opts.viewerId
      ? [{ xp: rows[0]?.viewerXp ?? null }]
      : await db
          .select({ xp: viewerXpOn(board, opts.viewerId) })
          .from(sql`(select 1) one`)
          .limit(1);

  const myXp = mine[0]?.xp == null ? null : Number(mine[0].xp);
  let rank = rows[0] ? countAbove(shape, rows[0].xp) + 1 : 0;
  const ranked = rows.map((r, i) => {
    // Competition ranking: a tie keeps the rank of the first member with that XP, the next XP skips past them.
    if (i > 0 && r.xp !== rows[i - 1]!.xp) rank = Math.max(rank + 1, countAbove(shape, r.xp) + 1);
    return {
      rank,
      profile: { id: r.id, name: displayName(r), avatar: r.avatar ?? r.photo },
      xp: r.xp,
      level: levelForXp(r.xp),
    };
  });
  return {
    rows: ranked,
    count: shape.count,
    me: myXp === null ? null : { rank: countAbove(shape, myXp) + 1, xp: myXp, level: levelForXp(myXp) },
  };
}

/** GET club/leaderboard/: the board for a period (and creator), as of `now`. */
export async function getLeaderboard(
  db: DbOrTx,
  viewerId: string,
  q: { period: LeaderboardPeriod; creator?: string | undefined; page: number; page_size: number },
  now: Date,
  opts: { staleMs?: number } = {},
): Promise<BoardPage & { season: LeaderboardResponse['season'] }> {
  const window = { limit: q.page_size, offset: (q.page - 1) * q.page_size, viewerId, staleMs: opts.staleMs };
  if (q.period === 'season') {
    const season = await runningSeason(db, now);
    if (!season) return { rows: [], count: 0, me: null, season: null };
    const board = boardKey('season', { at: now, seasonId: season.id, creatorId: q.creator ?? null });
    const page = await boardPage(db, board, window);
    return { ...page, season: { id: season.id, name: season.name, ends_at: season.endsAt.toISOString() } };
  }
  const board = boardKey(q.period, { at: now, creatorId: q.creator ?? null });
  return { ...(await boardPage(db, board, window)), season: null };
}

/** A select column: `userId`'s all-time XP (null when they have none), for a detail read in the same statement. */
export const viewerXpColumn = (userId: SQL.Aliased | SQL | ReturnType<typeof sql.placeholder>) =>
  sql<
    number | null
  >`(select ${leaderboardScores.xp} from ${leaderboardScores} where ${leaderboardScores.board} = 'all' and ${leaderboardScores.userId} = ${userId})`.mapWith(
    (v: string | number | null) => (v === null ? null : Number(v)),
  );
