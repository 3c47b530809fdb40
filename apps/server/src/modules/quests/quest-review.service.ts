import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { QUEST_MSG } from '@wyn/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { botStartTokens, profiles, questCompletions } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { getMemberWallet, move } from '../wallet/wallet.service.ts';
import { recordEvent } from '../../events/outbox.ts';
import { getQuestRow, getVisibleQuest, type CompletionRow, type QuestRow } from './quest-rows.service.ts';
import { escrowOf, sweepEscrow } from './quests-lifecycle.service.ts';

/**
 * The creator's review and the automatic checks: approving pays the reward (from escrow, else the creator's
 * wallet) exactly once; rejecting gives a reason; a one-time bot start token approves its participation.
 */

/**
 * Locks a participation for review together with its quest, quest first: the order `deleteQuest` uses, so a
 * review and a delete of the same quest run one after the other. Otherwise a delete that counted no approved
 * completion could cascade away a completion approved (and paid) a moment later.
 */
async function lockCompletionAndQuest(tx: Tx, completionId: string) {
  const [ref] = await tx
    .select({ questId: questCompletions.questId })
    .from(questCompletions)
    .where(eq(questCompletions.id, completionId));
  if (!ref) throw notFound(QUEST_MSG.completionNotFound);
  const q = await getQuestRow(tx, ref.questId, { lock: true });
  const [c] = await tx.select().from(questCompletions).where(eq(questCompletions.id, completionId)).for('update');
  if (!c) throw notFound(QUEST_MSG.completionNotFound);
  return { c, q };
}

/**
 * Approves one participation and pays its reward, exactly once: the completion row is locked, only an
 * allowed state becomes approved, and the reward moves in the same transaction. `reviewerId` null means
 * automatic verification (join, own-bot start), which may approve a joined or rejected participation too, and
 * records `proof` (what the automatic check saw) with it. Locks the quest, then the completion: every path that
 * locks both takes them in this order, so two approvals cannot deadlock.
 */
export async function approveCompletionTx(
  tx: Tx,
  completionId: string,
  opts: { reviewerId: string | null; now: Date; proof?: Record<string, unknown> },
): Promise<CompletionRow> {
  const { c, q } = await lockCompletionAndQuest(tx, completionId);
  if (opts.reviewerId !== null && q.creatorId !== opts.reviewerId) throw forbidden(QUEST_MSG.notCreator);
  if (c.verificationStatus === 'approved') throw conflict(QUEST_MSG.alreadyApproved, 'already_approved');
  if (opts.reviewerId !== null && c.verificationStatus !== 'pending')
    throw conflict(QUEST_MSG.notPending, 'not_pending');

  const member = await getMemberWallet(tx, c.userId);
  const escrow = await escrowOf(tx, q.id);
  let from: string;
  let insufficient: string;
  if (escrow) {
    from = escrow.id;
    insufficient = QUEST_MSG.escrowEmpty;
  } else {
    if (!q.creatorId) throw badRequest(QUEST_MSG.creatorCannotPay, undefined, 'insufficient_funds');
    from = (await getMemberWallet(tx, q.creatorId)).id;
    insufficient = QUEST_MSG.creatorCannotPay;
  }
  const txId = await move(tx, {
    fromWalletId: from,
    toWalletId: member.id,
    amountCents: q.rewardAmount,
    type: 'quest_reward',
    description: `Reward for "${q.title}"`,
    related: { type: 'quest', id: q.id },
    insufficientMessage: insufficient,
  });
  const [row] = await tx
    .update(questCompletions)
    .set({
      ...(opts.proof ? { proofData: opts.proof, submittedAt: opts.now } : {}),
      verificationStatus: 'approved',
      rejectionReason: null,
      completionDate: opts.proof ? opts.now : (c.submittedAt ?? opts.now),
      verifiedDate: opts.now,
      verifiedById: opts.reviewerId,
      rewardTransactionId: txId,
    })
    .where(eq(questCompletions.id, c.id))
    .returning();
  await tx
    .update(profiles)
    .set({ questsCompletedCount: sql`${profiles.questsCompletedCount} + 1` })
    .where(eq(profiles.id, c.userId));
  const about = { completionId: c.id, questId: q.id, questTitle: q.title, userId: c.userId };
  await recordEvent(tx, { type: 'completion.approved', payload: about });
  await recordEvent(tx, {
    type: 'reward.paid',
    payload: {
      transactionId: txId,
      questId: q.id,
      questTitle: q.title,
      userId: c.userId,
      amountCents: q.rewardAmount,
      payerId: escrow ? null : q.creatorId,
    },
  });
  return row!;
}

export function approveCompletion(db: DbOrTx, completionId: string, reviewerId: string, now: Date) {
  return db.transaction((tx) => approveCompletionTx(tx, completionId, { reviewerId, now }));
}

export async function rejectCompletion(
  db: DbOrTx,
  completionId: string,
  reviewerId: string,
  reason: string,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const { c, q } = await lockCompletionAndQuest(tx, completionId);
    if (q.creatorId !== reviewerId) throw forbidden(QUEST_MSG.notCreator);
    if (c.verificationStatus !== 'pending') throw conflict(QUEST_MSG.notPending, 'not_pending');
    const [row] = await tx
      .update(questCompletions)
      .set({ verificationStatus: 'rejected', rejectionReason: reason, verifiedDate: now, verifiedById: reviewerId })
      .where(eq(questCompletions.id, c.id))
      .returning();
    await recordEvent(tx, {
      type: 'completion.rejected',
      payload: { completionId: c.id, questId: q.id, questTitle: q.title, userId: c.userId, reason },
    });
    if (q.status !== 'published') await sweepEscrow(tx, q);
    return row!;
  });
}

/** Approves every pending submission of one of the caller's quests, each in its own transaction. */
export async function approveAll(db: DbOrTx, questId: string, reviewerId: string, now: Date) {
  const q = await getVisibleQuest(db, questId);
  if (q.creatorId !== reviewerId) throw forbidden(QUEST_MSG.notCreator);
  const pending = await db
    .select({ id: questCompletions.id })
    .from(questCompletions)
    .where(and(eq(questCompletions.questId, q.id), eq(questCompletions.verificationStatus, 'pending')))
    .orderBy(asc(questCompletions.submittedAt), asc(questCompletions.id));
  let approved = 0;
  let failed = 0;
  let lastError = '';
  for (const p of pending) {
    try {
      await approveCompletion(db, p.id, reviewerId, now);
      approved += 1;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      failed += 1;
      lastError = err.detail;
    }
  }
  const detail =
    failed === 0
      ? `Approved ${approved} submission${approved === 1 ? '' : 's'}.`
      : `Approved ${approved}; ${failed} could not be approved: ${lastError}`;
  return { approved, failed, detail };
}

/** Marks a one-time start token used and approves its participation; false when the token is unknown or used. */
export async function completeStartToken(db: DbOrTx, token: string, now: Date): Promise<QuestRow | null> {
  return db.transaction(async (tx) => {
    const [t] = await tx
      .update(botStartTokens)
      .set({ usedAt: now })
      .where(and(eq(botStartTokens.token, token), isNull(botStartTokens.usedAt)))
      .returning();
    if (!t) return null;
    const [c] = await tx
      .select()
      .from(questCompletions)
      .where(and(eq(questCompletions.questId, t.questId), eq(questCompletions.userId, t.userId)))
      .limit(1);
    const q = await getQuestRow(tx, t.questId);
    if (!c || c.verificationStatus === 'approved') return q;
    await approveCompletionTx(tx, c.id, { reviewerId: null, now });
    return q;
  });
}
