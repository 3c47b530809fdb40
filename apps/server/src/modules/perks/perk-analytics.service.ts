import { sql } from 'drizzle-orm';
import { PERK_MSG, centsToAmount, type PerkAnalytics } from '@wyn/contract';
import type { DbOrTx } from '../../db/client.ts';
import { perkRedemptions, transactions } from '../../db/schema/index.ts';
import { viewsByDaySql } from '../quests/content-views.service.ts';
import { assertAnalyticsReader, lastDays } from '../quests/quest-analytics.service.ts';
import { getPerkRow } from './perk-rows.service.ts';

type Row = Record<string, unknown>;
const rowsOf = async (db: DbOrTx, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/**
 * `GET perks/{id}/analytics/` (issue #15 item 13): views (one per member and UTC day), redemptions, W earned
 * (the perk's redemption payments) and stock left, all time and per day.
 */
export async function perkAnalytics(
  db: DbOrTx,
  perkId: string,
  viewerId: string,
  days: number,
  now: Date,
): Promise<PerkAnalytics> {
  const p = await getPerkRow(db, perkId);
  await assertAnalyticsReader(
    db,
    { creatorId: p.creatorId, concealed: p.isHidden || p.hiddenByStaff || p.status === 'hidden' },
    viewerId,
    PERK_MSG.notFound,
  );
  const dates = lastDays(now, days);
  const from = dates[0]!;
  const since = sql`(${from}::timestamp at time zone 'UTC')`;
  const r = perkRedemptions;
  const t = transactions;
  const earned = sql`${t.transactionType} = 'perk_redemption' and ${t.status} = 'completed' and ${t.relatedEntityId} = ${perkId}`;
  const [totals, redeemed, paid, views] = await Promise.all([
    rowsOf(
      db,
      sql`select
        (select count(*)::int from content_views where target_type = 'perk' and target_id = ${perkId}) as views,
        (select count(*)::int from ${r} where ${r.perkId} = ${perkId}) as redemptions,
        (select coalesce(sum(${t.amount}), 0)::bigint from ${t} where ${earned}) as earned`,
    ),
    rowsOf(
      db,
      sql`select to_char((${r.redeemedAt} at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*)::int as n
        from ${r} where ${r.perkId} = ${perkId} and ${r.redeemedAt} >= ${since} group by 1`,
    ),
    rowsOf(
      db,
      sql`select to_char((${t.createdAt} at time zone 'UTC')::date, 'YYYY-MM-DD') as day, sum(${t.amount})::bigint as cents
        from ${t} where ${earned} and ${t.createdAt} >= ${since} group by 1`,
    ),
    rowsOf(db, sql`select to_char(day, 'YYYY-MM-DD') as day, n from (${viewsByDaySql('perk', perkId, from)}) v`),
  ]);
  const tot = totals[0] ?? {};
  const byDay = (rows: Row[], key: string) => new Map(rows.map((x) => [String(x.day), Number(x[key] ?? 0)]));
  const redeemedBy = byDay(redeemed, 'n');
  const paidBy = byDay(paid, 'cents');
  const viewsBy = byDay(views, 'n');
  return {
    days,
    totals: {
      views: Number(tot.views ?? 0),
      redemptions: Number(tot.redemptions ?? 0),
      w_earned: centsToAmount(Number(tot.earned ?? 0)),
      stock_left: p.maxParticipants === null ? null : Math.max(0, p.maxParticipants - p.purchasedCount),
    },
    series: dates.map((date) => ({
      date,
      views: viewsBy.get(date) ?? 0,
      redemptions: redeemedBy.get(date) ?? 0,
      w_earned: centsToAmount(paidBy.get(date) ?? 0),
    })),
  };
}
