import { and, eq, sql } from 'drizzle-orm';
import { executeNamed } from '../../lib/prepared.ts';
import type { DbOrTx } from '../../db/client.ts';
import { leaderboardScores, seasons, xpEntries, type xpSources } from '../../db/schema/index.ts';
import { eventCte, eventRecorded } from '../../events/outbox.ts';

/**
 * XP and levels (issue #16 item 1; docs/product.md, "XP and levels"). XP is not money: it has its own append-only
 * ledger (`xp_entries`), is never spent or sent, and each award is made once per (member, source, source id).
 * The leaderboard totals (`leaderboard_scores`) are kept in the same transaction as the entry.
 */

export type XpSource = (typeof xpSources)[number];

/** The XP a level starts at: level L needs 50·(L−1)·L (1 → 0, 2 → 100, 3 → 300, 4 → 600, …). */
export const xpForLevel = (level: number): number => 50 * (level - 1) * level;

export function levelForXp(xp: number): number {
  // Solve 50·(L−1)·L ≤ xp for the largest L, then correct for floating point at the edges.
  let level = Math.max(1, Math.floor((1 + Math.sqrt(1 + (4 * Math.max(0, xp)) / 50)) / 2));
  while (xpForLevel(level + 1) <= xp) level += 1;
  while (level > 1 && xpForLevel(level) > xp) level -= 1;
  return level;
}

export type XpLevel = { xp: number; level: number; next_level_xp: number };

export function xpLevel(xp: number): XpLevel {
  const level = levelForXp(xp);
  return { xp, level, next_level_xp: xpForLevel(level + 1) };
}

/** Monday 00:00 UTC of the week holding `at`, as `YYYY-MM-DD`. */
export function weekKey(at: Date): string {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}

export const monthKey = (at: Date): string => at.toISOString().slice(0, 7);

export type Period = 'week' | 'month' | 'all' | 'season';

/** The board a period (and, for a club's own board, a creator) is kept under. */
export function boardKey(period: Period, opts: { at: Date; seasonId?: string; creatorId?: string | null }): string {
  const base =
    period === 'all'
      ? 'all'
      : period === 'week'
        ? `week:${weekKey(opts.at)}`
        : period === 'month'
          ? `month:${monthKey(opts.at)}`
          : `season:${opts.seasonId ?? ''}`;
  return opts.creatorId ? `${base}|c:${opts.creatorId}` : base;
}

/**
 * Awards XP once: a repeat of the same (member, source, source id) changes nothing and returns false. Adds the
 * amount to every board the award counts on (all time, its week, its month, running seasons; and the same
 * per creator for quest XP), then records `xp.awarded`.
 *
 * One statement (a check-in and every approval award XP, so round trips count): the entry; the seasons running at
 * `at` whose prizes are not paid yet, share-locked (an award waits for a payout deciding the places at that moment,
 * and then leaves the paid season's board alone); the board totals, upserted in board order (two awards to the same
 * member lock the rows in the same order), and the event, the last two only if the entry was new.
 */
export async function awardXp(
  tx: DbOrTx,
  award: { userId: string; amount: number; source: XpSource; sourceId: string; creatorId?: string | null; at: Date },
): Promise<boolean> {
  const amount = Math.trunc(award.amount);
  if (amount <= 0) return false;
  const at = award.at.toISOString();
  const creatorId = award.creatorId ?? null;
  const periods = (['all', 'week', 'month'] as const).map((period) => boardKey(period, { at: award.at }));
  const { cte, committed } = eventCte('entry', {
    type: 'xp.awarded',
    payload: { userId: award.userId, amount, source: award.source, sourceId: award.sourceId },
  });
  // Named (lib/prepared.ts): one text for every award; planning it took longer than running it.
  const { rows } = await executeNamed<{ awarded: number; boards: number; events: number }>(
    tx,
    sql`with entry as (
      insert into ${xpEntries} (user_id, amount, source, source_id, creator_id, created_at)
      values (${award.userId}::uuid, ${amount}::int, ${award.source}, ${award.sourceId}, ${creatorId}::uuid, ${at}::timestamptz)
      on conflict do nothing
      returning id
    ),
    running as (
      select id from ${seasons}
      where starts_at <= ${at}::timestamptz and ends_at > ${at}::timestamptz and status <> 'paid'
      for share
    ),
    periods as (
      select unnest(array[${sql.join(
        periods.map((k) => sql`${k}`),
        sql`, `,
      )}]::text[]) as board
      union all
      select 'season:' || id::text from running
    ),
    boards as (
      select board from periods
      union all
      select board || '|c:' || ${creatorId}::text from periods where ${creatorId}::uuid is not null
    ),
    scores as (
      insert into ${leaderboardScores} (board, user_id, xp, updated_at)
      select board, ${award.userId}::uuid, ${amount}::bigint, ${at}::timestamptz from boards
      where exists (select 1 from entry)
      order by board
      on conflict (board, user_id) do update set
        xp = ${leaderboardScores}.xp + excluded.xp,
        -- When the member reached their total (ties go to who got there first): a late retry of an older award
        -- does not move it back.
        updated_at = greatest(${leaderboardScores}.updated_at, excluded.updated_at)
      returning 1
    ),
    ${cte}
    select (select count(*) from entry)::int as awarded, (select count(*) from scores)::int as boards,
      (select count(*) from outbox_row)::int as events`,
  );
  if (Number(rows[0]?.awarded) !== 1) return false;
  await eventRecorded(tx, committed);
  return true;
}

/** A member's XP and level (all time). */
export async function xpOf(db: DbOrTx, userId: string): Promise<XpLevel> {
  const [row] = await db
    .select({ xp: leaderboardScores.xp })
    .from(leaderboardScores)
    .where(and(eq(leaderboardScores.board, 'all'), eq(leaderboardScores.userId, userId)))
    .limit(1);
  return xpLevel(row?.xp ?? 0);
}
