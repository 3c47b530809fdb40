import { and, count, eq } from 'drizzle-orm';
import { centsToAmount, QUEST_MSG, type QuestDetail, type updateQuestRequest } from '@wyn/contract';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { questCompletions, quests, questTags, wallets } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { recordEvent } from '../../events/outbox.ts';
import { checkTagIds } from '../tags/tags.service.ts';
import { getMemberWallet, move } from '../wallet/wallet.service.ts';
import { escrowOf } from './quests-lifecycle.service.ts';
import { questDetail } from './quests-read.service.ts';
import { getQuestRow, toCents, type QuestRow } from './quest-rows.service.ts';

/**
 * `PATCH tasks/{id}/`: the creator changes their quest (docs/product.md, "Editing a quest"). Text, cover and tags
 * always; reward, places and deadline only while it is published, under the rules that protect members who joined.
 * Escrow follows the places and the reward in the same transaction: it ends at reward × (places − approved).
 */

export type UpdateQuestInput = z.output<typeof updateQuestRequest>;

const W = (cents: number) => `${centsToAmount(cents).replace(/\.00$/, '')} W`;
const refuse = (field: string, message: string, code?: string) => badRequest(message, { [field]: [message] }, code);

export async function editQuest(
  db: DbOrTx,
  questId: string,
  userId: string,
  input: UpdateQuestInput,
  opts: { now: Date; config: Config },
): Promise<QuestDetail> {
  if (input.tags !== undefined) await checkTagIds(db, input.tags);
  await db.transaction(async (tx) => {
    // Locked first, as joins, reviews and deletes do: a join racing a lower maximum is either counted here or
    // finds the quest full.
    const q = await getQuestRow(tx, questId, { lock: true });
    if (q.isHidden || q.status === 'hidden') throw notFound(QUEST_MSG.notFound);
    if (q.creatorId !== userId) throw forbidden(QUEST_MSG.notCreator);

    const set: Partial<typeof quests.$inferInsert> = {};
    if (input.title !== undefined) set.title = input.title;
    if (input.description !== undefined) set.description = input.description;
    if (input.participation_requirements !== undefined)
      set.participationRequirements = input.participation_requirements ?? '';
    if (input.completion_criteria !== undefined) set.completionCriteria = input.completion_criteria ?? '';
    if (input.media !== undefined) set.mediaUrl = input.media;
    // Gates new joins only: members already taking part keep their place.
    if (input.min_level !== undefined) set.minLevel = input.min_level;

    const terms = checkTerms(q, input, opts.now);
    Object.assign(set, terms.set);
    let walletChanged = false;
    if (terms.escrowAffected) walletChanged = await settleEscrow(tx, q, terms.reward, terms.max);

    if (Object.keys(set).length) await tx.update(quests).set(set).where(eq(quests.id, questId));
    if (input.tags !== undefined) {
      await tx.delete(questTags).where(eq(questTags.questId, questId));
      if (input.tags.length)
        await tx.insert(questTags).values([...new Set(input.tags)].map((tagId) => ({ questId, tagId })));
    }
    await recordEvent(tx, { type: 'quest.updated', payload: { questId, creatorId: q.creatorId, walletChanged } });
  });
  return questDetail(db, questId, userId, opts.config);
}

/**
 * The reward, places and deadline the edit asks for, checked against who already joined. Values equal to the
 * current ones are no change (a client may send the whole form back).
 */
function checkTerms(q: QuestRow, input: UpdateQuestInput, now: Date) {
  const reward = input.reward_amount === undefined ? q.rewardAmount : toCents(input.reward_amount);
  const max = input.max_participants === undefined ? q.maxParticipants : input.max_participants;
  const deadline =
    input.deadline === undefined ? q.deadline : input.deadline === null ? null : new Date(input.deadline);
  const rewardChanged = reward !== q.rewardAmount;
  const maxChanged = max !== q.maxParticipants;
  const deadlineChanged = (deadline?.getTime() ?? null) !== (q.deadline?.getTime() ?? null);
  const joined = q.currentParticipants;

  if (q.status !== 'published' && (rewardChanged || maxChanged || deadlineChanged)) {
    const field = rewardChanged ? 'reward_amount' : maxChanged ? 'max_participants' : 'deadline';
    throw refuse(field, QUEST_MSG.endedFieldsLocked, 'quest_not_active');
  }
  if (rewardChanged && joined > 0) throw refuse('reward_amount', QUEST_MSG.rewardLocked, 'reward_locked');
  if (maxChanged && max === null && joined > 0) throw refuse('max_participants', QUEST_MSG.capLocked, 'cap_locked');
  if (maxChanged && max !== null && max < joined)
    throw refuse('max_participants', QUEST_MSG.maxBelowJoined(joined), 'max_below_joined');
  if (deadlineChanged && deadline) {
    if (deadline.getTime() <= now.getTime()) throw refuse('deadline', QUEST_MSG.deadlinePast);
    const earlier = q.deadline === null || deadline.getTime() < q.deadline.getTime();
    if (joined > 0 && earlier) throw refuse('deadline', QUEST_MSG.deadlineExtendOnly, 'deadline_extend_only');
  }

  const set: Partial<typeof quests.$inferInsert> = {};
  if (rewardChanged) set.rewardAmount = reward;
  if (maxChanged) set.maxParticipants = max;
  if (deadlineChanged) set.deadline = deadline;
  return { set, reward, max, escrowAffected: rewardChanged || maxChanged };
}

/**
 * Moves escrow to reward × (places − approved): the extra from the creator's wallet (a 400 saying how much when
 * they cannot pay), the surplus back to it. An unlimited quest holds none. True when W moved.
 */
async function settleEscrow(tx: Tx, q: QuestRow, reward: number, max: number | null): Promise<boolean> {
  if (!q.creatorId) return false;
  let target = 0;
  if (max !== null) {
    const [approved] = await tx
      .select({ n: count() })
      .from(questCompletions)
      .where(and(eq(questCompletions.questId, q.id), eq(questCompletions.verificationStatus, 'approved')));
    target = reward * Math.max(0, max - (approved?.n ?? 0));
  }
  let escrow = await escrowOf(tx, q.id);
  const held = escrow?.balance ?? 0;
  if (target === held) return false;
  const creatorWallet = await getMemberWallet(tx, q.creatorId);
  if (target > held) {
    if (!escrow) {
      const [created] = await tx.insert(wallets).values({ kind: 'escrow', questId: q.id }).returning();
      escrow = created!;
    }
    const extra = target - held;
    await move(tx, {
      fromWalletId: creatorWallet.id,
      toWalletId: escrow.id,
      amountCents: extra,
      type: 'stake',
      description: `More escrow for "${q.title}"`,
      related: { type: 'quest', id: q.id },
      insufficientMessage: QUEST_MSG.insufficientToGrow(W(extra)),
    });
  } else {
    await move(tx, {
      fromWalletId: escrow!.id,
      toWalletId: creatorWallet.id,
      amountCents: held - target,
      type: 'unstake',
      description: `Escrow of "${q.title}" returned after an edit`,
      related: { type: 'quest', id: q.id },
    });
  }
  return true;
}
