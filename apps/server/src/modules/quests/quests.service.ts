import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, isNull, lte, ne, not, or, sql, type SQL } from 'drizzle-orm';
import {
  centsToAmount,
  QUEST_MSG,
  type createQuestRequest,
  type MyParticipation,
  type QuestCard,
  type QuestCompletion,
  type QuestDetail,
  type QuestListQuery,
  type QuestStats,
} from '@wyn/contract';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  botStartTokens,
  profiles,
  questCompletions,
  questLikes,
  quests,
  questTags,
  transactions,
  users,
  wallets,
} from '../../db/schema/index.ts';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  pgErrorCode,
  PG_UNIQUE_VIOLATION,
} from '../../lib/errors.ts';
import { futureDeadline, iso } from '../../lib/dates.ts';
import { pageWindow } from '../../lib/pagination.ts';
import { preparedPerDb } from '../../lib/prepared.ts';
import { creatorName, displayName, memberSummary } from '../../lib/display-name.ts';
import { questCardColumns, questTagsJson, toQuestCard } from '../home/cards.ts';
import { checkTagIds, escapeLike } from '../tags/tags.service.ts';
import { getMemberWallet, move } from '../wallet/wallet.service.ts';
import { recordEvent } from '../../events/outbox.ts';

export type QuestRow = typeof quests.$inferSelect;
type CompletionRow = typeof questCompletions.$inferSelect;
export type CreateQuestInput = z.output<typeof createQuestRequest>;

const W = (cents: number) => `${Math.trunc(cents / 100)} W`;

export const toCents = (amount: number) => Math.round(amount * 100);

/** start_bot quests on the product's own bot are verified through the webhook; others are reviewed. */
export function isOwnBotQuest(q: Pick<QuestRow, 'taskType' | 'botUsername'>, config: Config): boolean {
  const own = config.telegram.botUsername?.toLowerCase();
  return q.taskType === 'start_bot' && Boolean(own) && (q.botUsername ?? '').replace(/^@/, '').toLowerCase() === own;
}
export function isAutomatic(q: Pick<QuestRow, 'taskType' | 'botUsername'>, config: Config): boolean {
  return q.taskType === 'join' || isOwnBotQuest(q, config);
}

// ---------------------------------------------------------------------------------------------------------
// reading

export async function getQuestRow(db: DbOrTx, id: string, opts: { lock?: boolean } = {}): Promise<QuestRow> {
  const base = db.select().from(quests).where(eq(quests.id, id)).limit(1);
  const [row] = opts.lock ? await base.for('update') : await base;
  if (!row) throw notFound(QUEST_MSG.notFound);
  return row;
}

/** A quest a member may see: exists and is not hidden. */
export async function getVisibleQuest(db: DbOrTx, id: string): Promise<QuestRow> {
  const row = await getQuestRow(db, id);
  if (row.isHidden || row.status === 'hidden') throw notFound(QUEST_MSG.notFound);
  return row;
}

export function toParticipation(c: CompletionRow): MyParticipation {
  return {
    id: c.id,
    verification_status: c.verificationStatus,
    proof_text: c.proofText,
    proof_image: c.proofImage,
    rejection_reason: c.rejectionReason,
    joined_at: c.joinedAt.toISOString(),
    submitted_at: iso(c.submittedAt),
    completion_date: iso(c.completionDate),
    verified_date: iso(c.verifiedDate),
  };
}

const questDetailQuery = preparedPerDb((db) =>
  db
    .select({
      quest: quests,
      tags: questTagsJson,
      creatorFirst: users.firstName,
      creatorLast: users.lastName,
      creatorUsername: users.username,
      creatorTg: users.tgUsername,
      creatorPhoto: users.telegramPhotoUrl,
      creatorAvatar: profiles.avatar,
      isLiked: sql<boolean>`exists(select 1 from quest_likes ql where ql.quest_id = "quests"."id" and ql.user_id = ${sql.placeholder('viewer')})`,
    })
    .from(quests)
    .leftJoin(users, eq(users.id, quests.creatorId))
    .leftJoin(profiles, eq(profiles.id, quests.creatorId))
    .where(eq(quests.id, sql.placeholder('id')))
    .limit(1)
    .prepare('quest_detail'),
);

export async function questDetail(db: DbOrTx, id: string, viewerId: string, config: Config): Promise<QuestDetail> {
  const [row] = await questDetailQuery(db).execute({ id, viewer: viewerId });
  if (!row || row.quest.isHidden || row.quest.status === 'hidden') throw notFound(QUEST_MSG.notFound);
  const q = row.quest;
  const isCreator = q.creatorId === viewerId;
  const [mine] = await db
    .select()
    .from(questCompletions)
    .where(and(eq(questCompletions.questId, id), eq(questCompletions.userId, viewerId)))
    .limit(1);
  let pending = 0;
  if (isCreator) {
    const [p] = await db
      .select({ n: count() })
      .from(questCompletions)
      .where(and(eq(questCompletions.questId, id), eq(questCompletions.verificationStatus, 'pending')));
    pending = p?.n ?? 0;
  }
  let botStartLink: string | null = null;
  if (mine && isOwnBotQuest(q, config) && mine.verificationStatus !== 'approved') {
    const [tok] = await db
      .select({ token: botStartTokens.token })
      .from(botStartTokens)
      .where(and(eq(botStartTokens.questId, id), eq(botStartTokens.userId, viewerId), isNull(botStartTokens.usedAt)))
      .limit(1);
    if (tok) botStartLink = `https://t.me/${config.telegram.botUsername}?start=${tok.token}`;
  }
  return {
    id: q.id,
    title: q.title,
    description: q.description,
    media: q.mediaUrl,
    tags: row.tags,
    reward_amount: centsToAmount(q.rewardAmount),
    creator: q.creatorId,
    creator_name: creatorName(q.creatorId, row),
    creator_avatar: row.creatorAvatar ?? row.creatorPhoto ?? null,
    status: q.status,
    deadline: iso(q.deadline),
    max_participants: q.maxParticipants,
    current_participants: q.currentParticipants,
    participation_requirements: q.participationRequirements,
    completion_criteria: q.completionCriteria,
    task_type: q.taskType,
    channel_username: q.channelUsername,
    channel_type: q.channelType,
    invite_link: isCreator || mine ? q.inviteLink : null,
    bot_username: q.botUsername,
    bot_start_link: botStartLink,
    social_platform: q.socialPlatform,
    hashtag: q.hashtag,
    video_id: q.videoId,
    target_url: q.targetUrl,
    verification_mode: isAutomatic(q, config) ? 'automatic' : 'review',
    likes_count: q.likesCount,
    is_liked: Boolean(row.isLiked),
    shares_count: q.sharesCount,
    created_at: q.createdAt.toISOString(),
    is_creator: isCreator,
    my_participation: mine ? toParticipation(mine) : null,
    pending_review_count: pending,
  };
}

const orderings: Record<QuestListQuery['ordering'], SQL[]> = {
  '-created_at': [desc(quests.createdAt), desc(quests.id)],
  created_at: [asc(quests.createdAt), asc(quests.id)],
  '-reward_amount': [desc(quests.rewardAmount), desc(quests.createdAt), desc(quests.id)],
};

async function cardPage(db: DbOrTx, where: SQL, q: QuestListQuery) {
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select(questCardColumns)
      .from(quests)
      .where(where)
      .orderBy(...orderings[q.ordering])
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(quests).where(where),
  ]);
  return { rows: rows.map(toQuestCard), count: total?.n ?? 0 };
}

function listFilters(q: QuestListQuery): SQL[] {
  const parts: SQL[] = [];
  const term = q.search?.trim();
  if (term) {
    const like = `%${escapeLike(term)}%`;
    parts.push(or(ilike(quests.title, like), ilike(quests.description, like))!);
  }
  if (q.task_type) parts.push(eq(quests.taskType, q.task_type));
  if (q.tags?.length)
    parts.push(
      inArray(
        quests.id,
        sql`(select ${questTags.questId} from ${questTags} where ${inArray(questTags.tagId, q.tags)})`,
      ),
    );
  return parts;
}

/** `GET tasks/`: published and not hidden. */
export function listQuests(db: DbOrTx, q: QuestListQuery): Promise<{ rows: QuestCard[]; count: number }> {
  return cardPage(db, and(eq(quests.status, 'published'), not(quests.isHidden), ...listFilters(q))!, q);
}

/** `GET tasks/my_tasks/`: the caller's quests in every state except hidden ones. */
export function listMyQuests(db: DbOrTx, userId: string, q: QuestListQuery) {
  return cardPage(db, and(eq(quests.creatorId, userId), not(quests.isHidden), ...listFilters(q))!, q);
}

const completionColumns = {
  c: questCompletions,
  taskTitle: quests.title,
  userId: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  tgUsername: users.tgUsername,
  photo: users.telegramPhotoUrl,
  avatar: profiles.avatar,
};
type CompletionJoinRow = {
  c: CompletionRow;
  taskTitle: string;
  userId: string;
  username: string | null;
  firstName: string;
  lastName: string;
  tgUsername: string | null;
  photo: string | null;
  avatar: string | null;
};

export function toCompletionDto(r: CompletionJoinRow): QuestCompletion {
  return {
    ...toParticipation(r.c),
    task: r.c.questId,
    task_title: r.taskTitle,
    user: memberSummary(r),
    proof_data: r.c.proofData ?? null,
  };
}

export async function listCompletions(
  db: DbOrTx,
  where: SQL,
  q: { page: number; page_size: number },
): Promise<{ rows: QuestCompletion[]; count: number }> {
  const { limit, offset } = pageWindow(q);
  const base = () =>
    db
      .select(completionColumns)
      .from(questCompletions)
      .innerJoin(quests, eq(quests.id, questCompletions.questId))
      .innerJoin(users, eq(users.id, questCompletions.userId))
      .leftJoin(profiles, eq(profiles.id, questCompletions.userId));
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(
        desc(sql`coalesce(${questCompletions.submittedAt}, ${questCompletions.joinedAt})`),
        desc(questCompletions.id),
      )
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(questCompletions)
      .innerJoin(quests, eq(quests.id, questCompletions.questId))
      .where(where),
  ]);
  return { rows: rows.map(toCompletionDto), count: total?.n ?? 0 };
}

type PageQuery = { page: number; page_size: number };

/** The member's own participations in quests still listed (hidden quests drop out). */
export function listMyParticipations(db: DbOrTx, userId: string, q: PageQuery) {
  return listCompletions(db, and(eq(questCompletions.userId, userId), eq(quests.isHidden, false))!, q);
}

/** The member's approved completions. */
export function listMyCompletions(db: DbOrTx, userId: string, q: PageQuery) {
  return listCompletions(
    db,
    and(eq(questCompletions.userId, userId), eq(questCompletions.verificationStatus, 'approved'))!,
    q,
  );
}

/** Submissions waiting for this creator's review, on their quests still listed. */
export function listToReview(db: DbOrTx, creatorId: string, q: PageQuery) {
  return listCompletions(
    db,
    and(
      eq(quests.creatorId, creatorId),
      eq(questCompletions.verificationStatus, 'pending'),
      eq(quests.isHidden, false),
    )!,
    q,
  );
}

export async function getCompletionDto(db: DbOrTx, id: string): Promise<QuestCompletion> {
  const [row] = await db
    .select(completionColumns)
    .from(questCompletions)
    .innerJoin(quests, eq(quests.id, questCompletions.questId))
    .innerJoin(users, eq(users.id, questCompletions.userId))
    .leftJoin(profiles, eq(profiles.id, questCompletions.userId))
    .where(eq(questCompletions.id, id))
    .limit(1);
  if (!row) throw notFound(QUEST_MSG.completionNotFound);
  return toCompletionDto(row);
}

/**
 * `task-completions/`: with `task`, the creator of that quest sees every participation and anyone else only
 * their own; without it, the caller's own participations and those on the caller's quests.
 */
export async function completionsFor(
  db: DbOrTx,
  userId: string,
  q: {
    page: number;
    page_size: number;
    task?: string | undefined;
    status?: CompletionRow['verificationStatus'] | undefined;
  },
) {
  const parts: SQL[] = [];
  if (q.task) {
    const quest = await getVisibleQuest(db, q.task);
    parts.push(eq(questCompletions.questId, quest.id));
    if (quest.creatorId !== userId) parts.push(eq(questCompletions.userId, userId));
  } else {
    parts.push(or(eq(questCompletions.userId, userId), eq(quests.creatorId, userId))!);
  }
  if (q.status) parts.push(eq(questCompletions.verificationStatus, q.status));
  return listCompletions(db, and(...parts)!, q);
}

export async function questStats(db: DbOrTx, userId: string): Promise<QuestStats> {
  const [created] = await db
    .select({ n: count() })
    .from(quests)
    .where(and(eq(quests.creatorId, userId), not(quests.isHidden)));
  const [mine] = await db
    .select({
      participating: sql<number>`count(*) filter (where ${questCompletions.verificationStatus} <> 'approved')::int`,
      completed: sql<number>`count(*) filter (where ${questCompletions.verificationStatus} = 'approved')::int`,
    })
    .from(questCompletions)
    .where(eq(questCompletions.userId, userId));
  const [pending] = await db
    .select({ n: count() })
    .from(questCompletions)
    .innerJoin(quests, eq(quests.id, questCompletions.questId))
    .where(and(eq(quests.creatorId, userId), eq(questCompletions.verificationStatus, 'pending')));
  const [earned] = await db
    .select({ total: sql<string>`coalesce(sum(${transactions.amount}), 0)::text` })
    .from(transactions)
    .innerJoin(wallets, eq(wallets.id, transactions.toWalletId))
    .where(and(eq(wallets.userId, userId), eq(transactions.transactionType, 'quest_reward')));
  return {
    created: created?.n ?? 0,
    participating: mine?.participating ?? 0,
    completed: mine?.completed ?? 0,
    pending_review: pending?.n ?? 0,
    total_earned: centsToAmount(Number(earned?.total ?? 0)),
  };
}

// ---------------------------------------------------------------------------------------------------------
// creating, closing, deleting

export type ChannelCheck = (channelUsername: string) => Promise<{ valid: boolean; message: string; chatId?: string }>;

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

async function escrowOf(tx: Tx, questId: string) {
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

/**
 * Marks published quests whose deadline has passed as expired and returns their unused escrow (docs/product.md).
 * Safe to run from several instances at once: each quest is locked and re-checked.
 */
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

export async function toggleLike(db: DbOrTx, questId: string, userId: string) {
  return db.transaction(async (tx) => {
    const q = await getVisibleQuest(tx, questId);
    const removed = await tx
      .delete(questLikes)
      .where(and(eq(questLikes.questId, q.id), eq(questLikes.userId, userId)))
      .returning({ q: questLikes.questId });
    const liked = removed.length === 0;
    let delta = -removed.length;
    if (liked) {
      const added = await tx.insert(questLikes).values({ questId: q.id, userId }).onConflictDoNothing().returning();
      delta = added.length;
    }
    const [row] = await tx
      .update(quests)
      .set({ likesCount: sql`greatest(${quests.likesCount} + ${delta}, 0)` })
      .where(eq(quests.id, q.id))
      .returning({ likes: quests.likesCount });
    return { liked, likes_count: row?.likes ?? 0 };
  });
}

export async function share(db: DbOrTx, questId: string) {
  const q = await getVisibleQuest(db, questId);
  const [row] = await db
    .update(quests)
    .set({ sharesCount: sql`${quests.sharesCount} + 1` })
    .where(eq(quests.id, q.id))
    .returning({ n: quests.sharesCount });
  return { shares_count: row?.n ?? 0 };
}

// ---------------------------------------------------------------------------------------------------------
// participating

export async function participate(
  db: DbOrTx,
  questId: string,
  userId: string,
  opts: { now: Date; config: Config },
): Promise<CompletionRow> {
  try {
    return await db.transaction(async (tx) => {
      const q = await getVisibleQuest(tx, questId);
      if (q.creatorId === userId) throw forbidden(QUEST_MSG.creatorCannotJoin);
      const [existing] = await tx
        .select({ id: questCompletions.id })
        .from(questCompletions)
        .where(and(eq(questCompletions.questId, q.id), eq(questCompletions.userId, userId)))
        .limit(1);
      if (existing) throw conflict(QUEST_MSG.alreadyParticipating, 'already_participating');
      if (q.status === 'expired') throw badRequest(QUEST_MSG.expired, undefined, 'quest_expired');
      if (q.status !== 'published') throw badRequest(QUEST_MSG.notActive, undefined, 'quest_not_active');
      if (q.deadline && q.deadline.getTime() <= opts.now.getTime())
        throw badRequest(QUEST_MSG.expired, undefined, 'quest_expired');
      // One conditional UPDATE decides who gets the last places: no read-then-write race.
      const [taken] = await tx
        .update(quests)
        .set({ currentParticipants: sql`${quests.currentParticipants} + 1` })
        .where(
          and(
            eq(quests.id, q.id),
            eq(quests.status, 'published'),
            or(isNull(quests.maxParticipants), sql`${quests.currentParticipants} < ${quests.maxParticipants}`),
          ),
        )
        .returning({ id: quests.id });
      if (!taken) throw badRequest(QUEST_MSG.full, undefined, 'quest_full');
      const [row] = await tx.insert(questCompletions).values({ questId: q.id, userId }).returning();
      if (isOwnBotQuest(q, opts.config))
        await tx.insert(botStartTokens).values({ token: randomBytes(18).toString('base64url'), questId: q.id, userId });
      await recordEvent(tx, { type: 'quest.joined', payload: { questId: q.id, userId } });
      return row!;
    });
  } catch (err) {
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION)
      throw conflict(QUEST_MSG.alreadyParticipating, 'already_participating');
    throw err;
  }
}

export async function submitProof(
  db: DbOrTx,
  questId: string,
  userId: string,
  proof: { text?: string | undefined; image?: string | undefined; data?: Record<string, unknown> | undefined },
  now: Date,
): Promise<CompletionRow> {
  if (!proof.text && !proof.image)
    throw badRequest(QUEST_MSG.emptyProof, { proof_text: [QUEST_MSG.proofNeeded] }, 'empty_proof');
  return db.transaction(async (tx) => {
    const q = await getVisibleQuest(tx, questId);
    const [c] = await tx
      .select()
      .from(questCompletions)
      .where(and(eq(questCompletions.questId, q.id), eq(questCompletions.userId, userId)))
      .limit(1)
      .for('update');
    if (!c) throw badRequest(QUEST_MSG.notParticipating, undefined, 'not_participating');
    if (c.verificationStatus === 'pending') throw conflict(QUEST_MSG.underReview, 'under_review');
    if (c.verificationStatus === 'approved') throw conflict(QUEST_MSG.alreadyApproved, 'already_approved');
    if (q.status !== 'published') throw badRequest(QUEST_MSG.notActive, undefined, 'quest_not_active');
    const [row] = await tx
      .update(questCompletions)
      .set({
        verificationStatus: 'pending',
        proofText: proof.text ?? null,
        proofImage: proof.image ?? null,
        proofData: proof.data ?? null,
        rejectionReason: null,
        submittedAt: now,
      })
      .where(eq(questCompletions.id, c.id))
      .returning();
    const [who] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    await recordEvent(tx, {
      type: 'completion.submitted',
      payload: {
        completionId: c.id,
        questId: q.id,
        questTitle: q.title,
        userId,
        userName: who ? displayName(who) : 'A member',
        creatorId: q.creatorId,
      },
    });
    return row!;
  });
}

// ---------------------------------------------------------------------------------------------------------
// reviewing and paying

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
 * automatic verification (join, own-bot start), which may approve a joined or rejected participation too.
 */
export async function approveCompletionTx(
  tx: Tx,
  completionId: string,
  opts: { reviewerId: string | null; now: Date },
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
      verificationStatus: 'approved',
      rejectionReason: null,
      completionDate: c.submittedAt ?? opts.now,
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

/** The caller's participation in a quest, or a 400 saying to join first. */
export async function myCompletion(db: DbOrTx, questId: string, userId: string): Promise<CompletionRow> {
  const [c] = await db
    .select()
    .from(questCompletions)
    .where(and(eq(questCompletions.questId, questId), eq(questCompletions.userId, userId)))
    .limit(1);
  if (!c) throw badRequest(QUEST_MSG.notParticipating, undefined, 'not_participating');
  return c;
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
