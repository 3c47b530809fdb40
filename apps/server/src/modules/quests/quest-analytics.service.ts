import { eq, sql } from 'drizzle-orm';
import { QUEST_MSG, centsToAmount, type QuestAnalytics } from '@wyn/contract';
import type { DbOrTx } from '../../db/client.ts';
import { questCompletions, transactions, users } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { viewsByDaySql } from './content-views.service.ts';
import { getQuestRow } from './quest-rows.service.ts';

export const ANALYTICS_FORBIDDEN = 'Only its creator and staff can see these analytics.';

type Row = Record<string, unknown>;
const rowsOf = async (db: DbOrTx, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/** The last `days` UTC days, today included, oldest first, as `YYYY-MM-DD`. */
export function lastDays(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** Whether the member is staff now (the database decides, as the staff guard does). */
export async function isStaffMember(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ isStaff: users.isStaff }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.isStaff ?? false;
}

/**
 * Analytics may be read by the item's creator and by staff; anyone else gets 403, or 404 for an item they
 * could not open either (archived or hidden by staff), so its existence is not told.
 */
export async function assertAnalyticsReader(
  db: DbOrTx,
  item: { creatorId: string | null; concealed: boolean },
  viewerId: string,
  notFoundMessage: string,
): Promise<void> {
  if (item.creatorId === viewerId || (await isStaffMember(db, viewerId))) return;
  throw item.concealed ? notFound(notFoundMessage) : forbidden(ANALYTICS_FORBIDDEN);
}

/**
 * `GET tasks/{id}/analytics/` (issue #15 item 13): all-time totals and a daily series. A participation counts
 * on the day it joined, sent proof (submitted) and was decided (approved or rejected); a re-submission after a
 * rejection moves its submitted day. W paid are the quest's reward transactions.
 */
export async function questAnalytics(
  db: DbOrTx,
  questId: string,
  viewerId: string,
  days: number,
  now: Date,
): Promise<QuestAnalytics> {
  const q = await getQuestRow(db, questId);
  await assertAnalyticsReader(
    db,
    { creatorId: q.creatorId, concealed: q.isHidden || q.hiddenByStaff || q.status === 'hidden' },
    viewerId,
    QUEST_MSG.notFound,
  );
  const dates = lastDays(now, days);
  const from = dates[0]!;
  const since = sql`(${from}::timestamp at time zone 'UTC')`;
  const c = questCompletions;
  const t = transactions;
  const utcDay = (col: unknown) => sql`(${col} at time zone 'UTC')::date`;
  const rewards = sql`${t.transactionType} = 'quest_reward' and ${t.status} = 'completed' and ${t.relatedEntityId} = ${questId}`;

  const [totalsRows, activity, paid, views] = await Promise.all([
    rowsOf(
      db,
      sql`select
        (select count(*)::int from content_views where target_type = 'quest' and target_id = ${questId}) as views,
        count(*)::int as joins,
        count(${c.submittedAt})::int as submissions,
        count(*) filter (where ${c.verificationStatus} = 'approved')::int as approvals,
        count(*) filter (where ${c.verificationStatus} = 'rejected')::int as rejections,
        round(avg(extract(epoch from ${c.verifiedDate} - ${c.submittedAt}))
          filter (where ${c.verificationStatus} in ('approved', 'rejected') and ${c.verifiedDate} >= ${c.submittedAt}))::bigint as review,
        (select coalesce(sum(${t.amount}), 0)::bigint from ${t} where ${rewards}) as paid
      from ${c} where ${c.questId} = ${questId}`,
    ),
    rowsOf(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, sum(joins)::int as joins, sum(submissions)::int as submissions,
          sum(approvals)::int as approvals, sum(rejections)::int as rejections
        from (
          select ${utcDay(c.joinedAt)} as day, 1 as joins, 0 as submissions, 0 as approvals, 0 as rejections
            from ${c} where ${c.questId} = ${questId} and ${c.joinedAt} >= ${since}
          union all
          select ${utcDay(c.submittedAt)}, 0, 1, 0, 0
            from ${c} where ${c.questId} = ${questId} and ${c.submittedAt} >= ${since}
          union all
          select ${utcDay(c.verifiedDate)}, 0, 0, (${c.verificationStatus} = 'approved')::int,
              (${c.verificationStatus} = 'rejected')::int
            from ${c} where ${c.questId} = ${questId} and ${c.verifiedDate} >= ${since}
              and ${c.verificationStatus} in ('approved', 'rejected')
        ) a group by day`,
    ),
    rowsOf(
      db,
      sql`select to_char(${utcDay(t.createdAt)}, 'YYYY-MM-DD') as day, sum(${t.amount})::bigint as cents
        from ${t} where ${rewards} and ${t.createdAt} >= ${since} group by 1`,
    ),
    rowsOf(db, sql`select to_char(day, 'YYYY-MM-DD') as day, n from (${viewsByDaySql('quest', questId, from)}) v`),
  ]);

  const tot = totalsRows[0] ?? {};
  const byDay = <T>(rows: Row[]) => new Map(rows.map((r) => [String(r.day), r as T]));
  const act = byDay<{ joins: number; submissions: number; approvals: number; rejections: number }>(activity);
  const paidBy = byDay<{ cents: string | number }>(paid);
  const viewsBy = byDay<{ n: number }>(views);
  return {
    days,
    totals: {
      views: Number(tot.views ?? 0),
      joins: Number(tot.joins ?? 0),
      submissions: Number(tot.submissions ?? 0),
      approvals: Number(tot.approvals ?? 0),
      rejections: Number(tot.rejections ?? 0),
      average_review_seconds: tot.review === null || tot.review === undefined ? null : Number(tot.review),
      w_paid: centsToAmount(Number(tot.paid ?? 0)),
    },
    series: dates.map((date) => {
      const a = act.get(date);
      return {
        date,
        views: Number(viewsBy.get(date)?.n ?? 0),
        joins: Number(a?.joins ?? 0),
        submissions: Number(a?.submissions ?? 0),
        approvals: Number(a?.approvals ?? 0),
        rejections: Number(a?.rejections ?? 0),
        w_paid: centsToAmount(Number(paidBy.get(date)?.cents ?? 0)),
      };
    }),
  };
}
