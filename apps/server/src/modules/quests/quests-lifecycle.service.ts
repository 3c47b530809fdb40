import { and, asc, count, eq, lte, ne } from 'drizzle-orm';
import { QUEST_MSG, type QuestDetail } from '@wyn/contract';
import type { Config } from '../../config.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { questCompletions, quests, questTags, wallets } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { futureDeadline } from '../../lib/dates.ts';
import { checkTagIds } from '../tags/tags.service.ts';
import { getMemberWallet, move } from '../wallet/wallet.service.ts';
import { recordEvent } from '../../events/outbox.ts';
import type { MediaStorage } from '../../integrations/media-storage.ts';
import type { UploadedFile } from '../../lib/multipart-body.ts';
import { storeMedia } from '../media/media.service.ts';
import { questDetail } from './quests-read.service.ts';
import { getQuestRow, toCents, type CreateQuestInput, type QuestRow } from './quest-rows.service.ts';

/**
 * A quest's life: created (its escrow staked when it has a maximum), closed, deleted, or expired at its deadline;
 * whenever it stops being joinable, escrow no pending submission needs goes back to its creator.
 */

const W = (cents: number) => `${Math.trunc(cents / 100)} W`;

export type ChannelCheck = (channelUsername: string) => Promise<{ valid: boolean; message: string; chatId?: string }>;

/**
 * `POST tasks/`: a quest with its cover, either uploaded (`file`, any allowed media type) or given as a URL in
 * `input.media`; answers with the new quest's detail as its creator sees it.
 */
export async function createQuestWithMedia(
  db: DbOrTx,
  storage: MediaStorage,
  creatorId: string,
  input: CreateQuestInput,
  file: UploadedFile | undefined,
  opts: { now: Date; checkChannel: ChannelCheck; config: Config },
): Promise<QuestDetail> {
  const mediaUrl = file ? (await storeMedia(db, storage, creatorId, file)).url : (input.media ?? null);
  const id = await createQuest(db, creatorId, input, { mediaUrl, now: opts.now, checkChannel: opts.checkChannel });
  return questDetail(db, id, creatorId, opts.config);
}

export async function createQuest(
  db: DbOrTx,
  creatorId: string,
  input: CreateQuestInput,
  opts: { mediaUrl: string | null; now: Date; checkChannel: ChannelCheck },
): Promise<string> {
  const deadline = futureDeadline(input.deadline, opts.now, QUEST_MSG.deadlinePast);
  const reward = toCents(input.reward_amount);
  const type = input.task_type!;
  const channelUsername = input.channel_username?.replace(/^@+/, '') || null;
  const channelType = input.task_details?.channel_type ?? input.channel_type ?? null;
  const inviteLink = input.task_details?.invite_link ?? input.invite_link ?? null;
  if (inviteLink && !/^https?:\/\/\S+$/i.test(inviteLink))
    throw badRequest('Invite link must be an http(s) address', {
      invite_link: ['Invite link must be an http(s) address'],
    });

  let telegramChatId: string | null = null;
  if (type === 'join') {
    const check = await opts.checkChannel(channelUsername!);
    if (!check.valid)
      throw badRequest(QUEST_MSG.botAccessRequired, { channel_username: [check.message] }, 'bot_access_required');
    telegramChatId = check.chatId ?? null;
  }
  await checkTagIds(db, input.tags);

  const keep = <T>(wanted: boolean, v: T | undefined | null) => (wanted ? (v ?? null) : null);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(quests)
      .values({
        creatorId,
        title: input.title,
        description: input.description,
        taskType: type,
        status: 'published',
        rewardAmount: reward,
        maxParticipants: input.max_participants ?? null,
        minLevel: input.min_level ?? 0,
        deadline,
        participationRequirements: input.participation_requirements ?? '',
        completionCriteria: input.completion_criteria ?? '',
        channelUsername: keep(type === 'join', channelUsername),
        channelType: keep(type === 'join', channelType),
        inviteLink: keep(type === 'join', inviteLink),
        telegramChatId,
        botUsername: keep(type === 'start_bot', input.bot_username?.replace(/^@+/, '')),
        socialPlatform: keep(type === 'follow', input.social_platform),
        hashtag: keep(type === 'post', input.hashtag),
        videoId: keep(type === 'watch', input.video_id),
        targetUrl: keep(type === 'visit', input.target_url),
        taskDetails:
          type === 'join' ? { channel_type: channelType, ...(inviteLink ? { invite_link: inviteLink } : {}) } : {},
        mediaUrl: opts.mediaUrl,
      })
      .returning({ id: quests.id });
    const id = row!.id;
    if (input.tags?.length)
      await tx.insert(questTags).values([...new Set(input.tags)].map((tagId) => ({ questId: id, tagId })));
    const wallet = await getMemberWallet(tx, creatorId);
    if (input.max_participants) {
      const total = reward * input.max_participants;
      const [escrow] = await tx.insert(wallets).values({ kind: 'escrow', questId: id }).returning({ id: wallets.id });
      await move(tx, {
        fromWalletId: wallet.id,
        toWalletId: escrow!.id,
        amountCents: total,
        type: 'stake',
        description: `Escrow for "${input.title}"`,
        related: { type: 'quest', id },
        insufficientMessage: `${QUEST_MSG.insufficientToCreate} It needs ${W(total)} (reward × max participants).`,
      });
    } else if (wallet.balance < reward) {
      throw badRequest(
        `${QUEST_MSG.insufficientToCreate} It needs at least one reward (${W(reward)}).`,
        undefined,
        'insufficient_funds',
      );
    }
    await recordEvent(tx, { type: 'quest.published', payload: { questId: id, creatorId } });
    return id;
  });
}

export async function escrowOf(tx: Tx, questId: string) {
  const [w] = await tx
    .select()
    .from(wallets)
    .where(and(eq(wallets.kind, 'escrow'), eq(wallets.questId, questId)))
    .limit(1);
  return w ?? null;
}

/**
 * Returns escrow the quest no longer needs to its creator (`unstake`): everything except one reward per
 * pending submission, which may still be approved. Called when the quest stops being joinable.
 */
export async function sweepEscrow(tx: Tx, q: QuestRow): Promise<number> {
  if (!q.creatorId) return 0;
  const escrow = await escrowOf(tx, q.id);
  if (!escrow) return 0;
  const [p] = await tx
    .select({ n: count() })
    .from(questCompletions)
    .where(and(eq(questCompletions.questId, q.id), eq(questCompletions.verificationStatus, 'pending')));
  const [locked] = await tx.select().from(wallets).where(eq(wallets.id, escrow.id)).for('update');
  const reserve = (p?.n ?? 0) * q.rewardAmount;
  const refund = (locked?.balance ?? 0) - reserve;
  if (refund <= 0) return 0;
  const creatorWallet = await getMemberWallet(tx, q.creatorId);
  await move(tx, {
    fromWalletId: escrow.id,
    toWalletId: creatorWallet.id,
    amountCents: refund,
    type: 'unstake',
    description: `Unused escrow of "${q.title}" returned`,
    related: { type: 'quest', id: q.id },
  });
  return refund;
}

/** Published quests whose deadline has passed, oldest first. */
export async function dueQuestIds(db: DbOrTx, now: Date, batch = 100): Promise<string[]> {
  const due = await db
    .select({ id: quests.id })
    .from(quests)
    .where(and(eq(quests.status, 'published'), lte(quests.deadline, now)))
    .orderBy(asc(quests.deadline))
    .limit(batch);
  return due.map((q) => q.id);
}

/** Expires one due quest and returns its unused escrow; false when it is no longer due (locked, re-checked). */
export async function expireQuest(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const q = await getQuestRow(tx, id, { lock: true });
    if (q.status !== 'published' || !q.deadline || q.deadline.getTime() > now.getTime()) return false;
    await tx.update(quests).set({ status: 'expired' }).where(eq(quests.id, id));
    await sweepEscrow(tx, { ...q, status: 'expired' });
    await recordEvent(tx, { type: 'quest.expired', payload: { questId: id, creatorId: q.creatorId } });
    return true;
  });
}

export async function expireDueQuests(db: DbOrTx, now: Date, batch = 100): Promise<number> {
  let expired = 0;
  for (const id of await dueQuestIds(db, now, batch)) if (await expireQuest(db, id, now)) expired += 1;
  return expired;
}

export async function closeQuest(db: DbOrTx, questId: string, userId: string) {
  return db.transaction(async (tx) => {
    const q = await getQuestRow(tx, questId, { lock: true });
    if (q.isHidden) throw notFound(QUEST_MSG.notFound);
    if (q.creatorId !== userId) throw forbidden(QUEST_MSG.notCreator);
    if (q.status === 'published' || q.status === 'draft')
      await tx.update(quests).set({ status: 'closed' }).where(eq(quests.id, questId));
    const refunded = await sweepEscrow(tx, { ...q, status: 'closed' });
    await recordEvent(tx, { type: 'quest.closed', payload: { questId, creatorId: q.creatorId } });
    return { status: q.status === 'published' || q.status === 'draft' ? 'closed' : q.status, refunded };
  });
}

/** Deletes a quest; one with approved completions is closed and hidden instead, so history stays. */
export async function deleteQuest(db: DbOrTx, questId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const q = await getQuestRow(tx, questId, { lock: true });
    if (q.isHidden) throw notFound(QUEST_MSG.notFound);
    if (q.creatorId !== userId) throw forbidden(QUEST_MSG.notCreator);
    const [approved] = await tx
      .select({ n: count() })
      .from(questCompletions)
      .where(and(eq(questCompletions.questId, questId), eq(questCompletions.verificationStatus, 'approved')));
    if ((approved?.n ?? 0) > 0) {
      // Pending submissions can no longer be reviewed on a hidden quest: release them with the escrow.
      await tx
        .update(quests)
        .set({ status: q.status === 'published' ? 'closed' : q.status, isHidden: true })
        .where(eq(quests.id, questId));
      await tx
        .update(questCompletions)
        .set({ verificationStatus: 'rejected', rejectionReason: 'The quest was deleted by its creator.' })
        .where(and(eq(questCompletions.questId, questId), ne(questCompletions.verificationStatus, 'approved')));
      await sweepEscrow(tx, q);
      await recordEvent(tx, { type: 'quest.deleted', payload: { questId, creatorId: q.creatorId } });
      return;
    }
    await tx
      .update(questCompletions)
      .set({ verificationStatus: 'rejected' })
      .where(eq(questCompletions.questId, questId));
    await sweepEscrow(tx, q);
    await tx.delete(quests).where(eq(quests.id, questId));
    await recordEvent(tx, { type: 'quest.deleted', payload: { questId, creatorId: q.creatorId } });
  });
}
