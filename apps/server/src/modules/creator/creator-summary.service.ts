import { sql } from 'drizzle-orm';
import { centsToAmount, type CreatorSummary } from '@wyn/contract';
import type { DbOrTx } from '../../db/client.ts';

/**
 * `GET creator/summary/`: one creator's quests and perks summed over the last `days` UTC days, in one statement
 * (the profile used to add up one analytics call per item). Archived items (`is_hidden`) are left out; items
 * staff hid still count, as their creator still sees them.
 */
export async function creatorSummary(db: DbOrTx, creatorId: string, days: number, now: Date): Promise<CreatorSummary> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = new Date(today - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const since = sql`(${from}::timestamp at time zone 'UTC')`;
  const result = (await db.execute(sql`
    -- joined_at and redeemed_at are stored as created_at.
    with q as (select id from quests where creator_id = ${creatorId} and not is_hidden),
         p as (select id from perks where creator_id = ${creatorId} and not is_hidden)
    select
      (select count(*)::int from q) as quest_count,
      (select count(*)::int from content_views v join q on v.target_id = q.id
        where v.target_type = 'quest' and v.day >= ${from}::date) as quest_views,
      (select count(*)::int from quest_completions c join q on c.quest_id = q.id
        where c.created_at >= ${since}) as joins,
      (select coalesce(sum(t.amount), 0)::bigint from transactions t join q on t.related_entity_id = q.id
        where t.transaction_type = 'quest_reward' and t.status = 'completed' and t.created_at >= ${since}) as paid,
      (select count(*)::int from p) as perk_count,
      (select count(*)::int from content_views v join p on v.target_id = p.id
        where v.target_type = 'perk' and v.day >= ${from}::date) as perk_views,
      (select count(*)::int from perk_redemptions r join p on r.perk_id = p.id
        where r.created_at >= ${since}) as redemptions,
      (select coalesce(sum(t.amount), 0)::bigint from transactions t join p on t.related_entity_id = p.id
        where t.transaction_type = 'perk_redemption' and t.status = 'completed' and t.created_at >= ${since}) as earned
  `)) as unknown as { rows: Record<string, unknown>[] };
  const r = result.rows[0] ?? {};
  const n = (k: string) => Number(r[k] ?? 0);
  return {
    days,
    quests: { count: n('quest_count'), views: n('quest_views'), joins: n('joins'), w_paid: centsToAmount(n('paid')) },
    perks: {
      count: n('perk_count'),
      views: n('perk_views'),
      redemptions: n('redemptions'),
      w_earned: centsToAmount(n('earned')),
    },
  };
}
