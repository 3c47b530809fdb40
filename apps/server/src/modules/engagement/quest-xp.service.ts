import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { questCompletions, quests, transactions } from '../../db/schema/index.ts';
import { awardXp } from './xp.service.ts';

/**
 * Quest XP (issue #16 item 1): an approved completion earns its quest's reward in whole W as XP, counted on the
 * quest creator's club board too, at the time it was approved (so a late retry lands in the right week). Once
 * per completion: awardXp keys the award by it. Nothing for a completion gone since (its quest deleted) or no
 * longer approved.
 */
export async function awardQuestXp(tx: DbOrTx, completionId: string): Promise<void> {
  const [row] = await tx
    .select({
      userId: questCompletions.userId,
      status: questCompletions.verificationStatus,
      verifiedDate: questCompletions.verifiedDate,
      // The reward as paid (a later edit of the quest's reward does not change what this approval earned).
      paid: transactions.amount,
      reward: quests.rewardAmount,
      creatorId: quests.creatorId,
    })
    .from(questCompletions)
    .innerJoin(quests, eq(quests.id, questCompletions.questId))
    .leftJoin(transactions, eq(transactions.id, questCompletions.rewardTransactionId))
    .where(eq(questCompletions.id, completionId))
    .limit(1);
  if (!row || row.status !== 'approved') return;
  await awardXp(tx, {
    userId: row.userId,
    amount: Math.floor((row.paid ?? row.reward) / 100),
    source: 'quest',
    sourceId: completionId,
    creatorId: row.creatorId,
    at: row.verifiedDate ?? new Date(),
  });
}
