import { sql, type SQL } from 'drizzle-orm';
import { centsToAmount, type StaffStats } from '@wyn/contract';
import type { DbOrTx } from '../../db/client.ts';
import { perkRedemptions, perks, questCompletions, quests, users } from '../../db/schema/index.ts';

type Row = Record<string, unknown>;
const rowsOf = async (db: DbOrTx, query: SQL) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

const DAY_MS = 86_400_000;
export const SERIES_DAYS = 90;

/**
 * The ids of members active since `since`: signed in (`last_login`), or joined or sent proof to a quest,
 * redeemed a perk, or created a quest or perk. Disabled accounts are left out. A subquery (`select id …`).
 */
export function activeMemberIdsSql(since: Date): SQL {
  const at = sql`${since.toISOString()}::timestamptz`;
  const c = questCompletions;
  const r = perkRedemptions;
  return sql`select ${users.id} as id from ${users} where ${users.isActive} and (
      ${users.lastLogin} >= ${at}
      or exists (select 1 from ${c} where ${c.userId} = ${users.id} and (${c.joinedAt} >= ${at} or ${c.submittedAt} >= ${at}))
      or exists (select 1 from ${r} where ${r.userId} = ${users.id} and ${r.redeemedAt} >= ${at})
      or exists (select 1 from ${quests} where ${quests.creatorId} = ${users.id} and ${quests.createdAt} >= ${at})
      or exists (select 1 from ${perks} where ${perks.creatorId} = ${users.id} and ${perks.createdAt} >= ${at}))`;
}

/**
 * `GET staff/stats/` (issue #15 item 9): two statements, one for the headline numbers (each an index-backed
 * count or sum) and one for the 90-day series (three grouped scans over the window joined to the days).
 * "Live" quests are published, not archived or hidden, before their deadline; live perks are active and shown.
 */
export async function staffStats(db: DbOrTx, now: Date): Promise<StaffStats> {
  const nowAt = now.toISOString();
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS).toISOString();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const first = new Date(today - (SERIES_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  const last = new Date(today).toISOString().slice(0, 10);
  const since = sql`(${first}::timestamp at time zone 'UTC')`;

  const [head, series] = await Promise.all([
    rowsOf(
      db,
      sql`select
        (select count(*)::int from ${users}) as total,
        (select count(*)::int from ${users} where ${users.dateJoined} >= ${weekAgo}::timestamptz) as new_7d,
        (select count(*)::int from (${activeMemberIdsSql(new Date(weekAgo))}) a) as active_7d,
        (select count(*)::int from quests where status = 'published' and not is_hidden and not hidden_by_staff
          and (deadline is null or deadline > ${nowAt}::timestamptz)) as quests_live,
        (select count(*)::int from perks where status = 'active' and not is_hidden and not hidden_by_staff) as perks_live,
        (select coalesce(sum(balance), 0)::bigint from wallets where kind = 'member') as circulation,
        (select coalesce(sum(amount), 0)::bigint from transactions where transaction_type = 'quest_reward'
          and status = 'completed' and created_at >= ${weekAgo}::timestamptz) as paid_week,
        (select count(*)::int from ${perkRedemptions} where ${perkRedemptions.redeemedAt} >= ${weekAgo}::timestamptz) as redemptions_week`,
    ),
    rowsOf(
      db,
      sql`select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(m.n, 0)::int as new_members,
          coalesce(p.cents, 0)::bigint as w_paid, coalesce(r.n, 0)::int as redemptions
        from (select generate_series(${first}::date, ${last}::date, interval '1 day')::date as day) d
        left join (select (${users.dateJoined} at time zone 'UTC')::date as day, count(*) as n from ${users}
          where ${users.dateJoined} >= ${since} group by 1) m on m.day = d.day
        left join (select (created_at at time zone 'UTC')::date as day, sum(amount) as cents from transactions
          where transaction_type = 'quest_reward' and status = 'completed' and created_at >= ${since} group by 1) p
          on p.day = d.day
        left join (select (${perkRedemptions.redeemedAt} at time zone 'UTC')::date as day, count(*) as n
          from ${perkRedemptions} where ${perkRedemptions.redeemedAt} >= ${since} group by 1) r on r.day = d.day
        order by d.day`,
    ),
  ]);
  const h = head[0] ?? {};
  return {
    members: { total: Number(h.total ?? 0), new_7d: Number(h.new_7d ?? 0), active_7d: Number(h.active_7d ?? 0) },
    quests_live: Number(h.quests_live ?? 0),
    perks_live: Number(h.perks_live ?? 0),
    w_in_circulation: centsToAmount(Number(h.circulation ?? 0)),
    w_paid_week: centsToAmount(Number(h.paid_week ?? 0)),
    redemptions_week: Number(h.redemptions_week ?? 0),
    series: series.map((r) => ({
      date: String(r.date),
      new_members: Number(r.new_members),
      w_paid: centsToAmount(Number(r.w_paid)),
      redemptions: Number(r.redemptions),
    })),
  };
}
