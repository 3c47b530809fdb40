import { and, count, desc, eq, gt, inArray } from 'drizzle-orm';
import type { SeasonStanding } from '@wyn/contract';
import type { DbOrTx } from '../../db/client.ts';
import { leaderboardScores, profiles, users } from '../../db/schema/index.ts';
import { displayName } from '../../lib/display-name.ts';
import { boardKey, levelForXp } from './xp.service.ts';

/**
 * The season board (`season:<id>` in leaderboard_scores), ranked as the leaderboard ranks: ties share a rank
 * (1, 1, 3), and hidden or disabled members are left out, so they are neither shown nor paid.
 */

export const seasonBoard = (seasonId: string) => boardKey('season', { at: new Date(0), seasonId });

/** Members who may be ranked and paid: active, not hidden by themselves or by staff. */
export const rankable = () => and(eq(users.isActive, true), eq(users.isHidden, false), eq(users.hiddenByStaff, false));

export type BoardRow = { userId: string; xp: number };

/** Every rankable member with XP on the board, most XP first (ties in a stable order). */
export async function boardRows(db: DbOrTx, seasonId: string, limit?: number): Promise<BoardRow[]> {
  const q = db
    .select({ userId: leaderboardScores.userId, xp: leaderboardScores.xp })
    .from(leaderboardScores)
    .innerJoin(users, eq(users.id, leaderboardScores.userId))
    .where(and(eq(leaderboardScores.board, seasonBoard(seasonId)), gt(leaderboardScores.xp, 0), rankable()))
    .orderBy(desc(leaderboardScores.xp), leaderboardScores.userId);
  return limit === undefined ? q : q.limit(limit);
}

/** Ranks for rows sorted most XP first, from the top: equal XP, equal rank. */
export function rankRows<T extends BoardRow>(rows: T[]): (T & { rank: number })[] {
  let rank = 0;
  return rows.map((r, i) => {
    if (i === 0 || rows[i - 1]!.xp !== r.xp) rank = i + 1;
    return { ...r, rank };
  });
}

/** The top of the board with names and avatars. */
export async function seasonTop(db: DbOrTx, seasonId: string, limit: number): Promise<SeasonStanding[]> {
  const rows = rankRows(await boardRows(db, seasonId, limit));
  if (!rows.length) return [];
  const people = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      tgUsername: users.tgUsername,
      photo: users.telegramPhotoUrl,
      avatar: profiles.avatar,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(
      inArray(
        users.id,
        rows.map((r) => r.userId),
      ),
    );
  const byId = new Map(people.map((p) => [p.id, p]));
  return rows.map((r) => {
    const p = byId.get(r.userId)!;
    return {
      rank: r.rank,
      profile: { id: r.userId, name: displayName(p), avatar: p.avatar ?? p.photo ?? null },
      xp: r.xp,
      level: levelForXp(r.xp),
    };
  });
}

/** The caller's place on the board (null without XP on it, or when hidden or disabled). */
export async function seasonPlaceOf(
  db: DbOrTx,
  seasonId: string,
  userId: string,
): Promise<{ rank: number; xp: number; level: number } | null> {
  const board = seasonBoard(seasonId);
  const [mine] = await db
    .select({ xp: leaderboardScores.xp })
    .from(leaderboardScores)
    .innerJoin(users, eq(users.id, leaderboardScores.userId))
    .where(and(eq(leaderboardScores.board, board), eq(leaderboardScores.userId, userId), rankable()))
    .limit(1);
  if (!mine || mine.xp <= 0) return null;
  const [above] = await db
    .select({ n: count() })
    .from(leaderboardScores)
    .innerJoin(users, eq(users.id, leaderboardScores.userId))
    .where(and(eq(leaderboardScores.board, board), gt(leaderboardScores.xp, mine.xp), rankable()));
  return { rank: (above?.n ?? 0) + 1, xp: mine.xp, level: levelForXp(mine.xp) };
}

/**
 * What each winner gets, in hundredths: place p (1-based) is worth `split[p-1]`% of the pool (0 beyond the split).
 * Members tied on a rank share the places they occupy evenly (two tied for 2nd share 2nd's and 3rd's percent);
 * each share is rounded down, and what rounding leaves stays in the pool (returned to the system account).
 */
export function seasonPayouts(
  poolCents: number,
  split: readonly number[],
  rows: BoardRow[],
): { userId: string; place: number; cents: number }[] {
  const ranked = rankRows(rows);
  const out: { userId: string; place: number; cents: number }[] = [];
  for (let i = 0; i < ranked.length;) {
    const rank = ranked[i]!.rank;
    if (rank > split.length) break;
    let j = i;
    while (j < ranked.length && ranked[j]!.rank === rank) j += 1;
    const size = j - i;
    const percent = split.slice(rank - 1, rank - 1 + size).reduce((a, b) => a + b, 0);
    const each = Math.floor((poolCents * percent) / (100 * size));
    if (each > 0) for (const r of ranked.slice(i, j)) out.push({ userId: r.userId, place: rank, cents: each });
    i = j;
  }
  return out;
}

/** What each place of the split is worth, in hundredths (shown before anyone ties). */
export const placePrizes = (poolCents: number, split: readonly number[]) =>
  split.map((p) => Math.floor((poolCents * p) / 100));
