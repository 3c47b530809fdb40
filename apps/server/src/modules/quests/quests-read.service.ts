import { and, asc, count, desc, eq, ilike, inArray, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import {
  centsToAmount,
  QUEST_MSG,
  type MyQuestCard,
  type QuestCard,
  type QuestDetail,
  type QuestListQuery,
  type QuestStats,
} from '@wyn/contract';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  botStartTokens,
  profiles,
  questCompletions,
  quests,
  questTags,
  transactions,
  users,
  wallets,
} from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { iso } from '../../lib/dates.ts';
import { pageWindow } from '../../lib/pagination.ts';
import { preparedPerDb } from '../../lib/prepared.ts';
import { creatorName } from '../../lib/display-name.ts';
import { questCardColumns, questTagsJson, toQuestCard } from '../home/cards.service.ts';
import { escapeLike } from '../tags/tags.service.ts';
import { isAutomatic, isOwnBotQuest } from './quest-rows.service.ts';
import { toParticipation } from './completions-read.service.ts';
import { viewerXpColumn } from '../engagement/leaderboard.service.ts';
import { xpLevel } from '../engagement/xp.service.ts';

/** Quests as members read them: the detail screen, the lists, and a member's quest statistics. */

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
      // The viewer's level, so a member below `min_level` is told before they try.
      viewerXp: viewerXpColumn(sql.placeholder('viewer')),
      // The viewer's own participation (one per member and quest), and for the creator the proofs waiting:
      // in the same statement, so a detail is one round trip (docs/performance.md, hot reads).
      mine: questCompletions,
      pending: sql<number>`case when "quests"."creator_id" = ${sql.placeholder('viewer')} then (
        select count(*)::int from quest_completions pq
        where pq.quest_id = "quests"."id" and pq.verification_status = 'pending') else 0 end`,
    })
    .from(quests)
    .leftJoin(users, eq(users.id, quests.creatorId))
    .leftJoin(profiles, eq(profiles.id, quests.creatorId))
    .leftJoin(
      questCompletions,
      and(eq(questCompletions.questId, quests.id), eq(questCompletions.userId, sql.placeholder('viewer'))),
    )
    .where(eq(quests.id, sql.placeholder('id')))
    .limit(1)
    .prepare('quest_detail'),
);

export async function questDetail(db: DbOrTx, id: string, viewerId: string, config: Config): Promise<QuestDetail> {
  const [row] = await questDetailQuery(db).execute({ id, viewer: viewerId });
  if (!row || row.quest.isHidden || row.quest.status === 'hidden') throw notFound(QUEST_MSG.notFound);
  const q = row.quest;
  const isCreator = q.creatorId === viewerId;
  // Hidden by staff: gone for everyone but its creator, who sees it marked (issue #15 item 4).
  if (q.hiddenByStaff && !isCreator) throw notFound(QUEST_MSG.notFound);
  const mine = row.mine;
  const pending = isCreator ? Number(row.pending ?? 0) : 0;
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
    min_level: q.minLevel,
    my_level: xpLevel(row.viewerXp ?? 0),
    moderation: isCreator ? { hidden: q.hiddenByStaff, reason: q.hiddenReason } : { hidden: false, reason: null },
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

/** `GET tasks/`: published, not archived, not hidden by staff. */
export function listQuests(db: DbOrTx, q: QuestListQuery): Promise<{ rows: QuestCard[]; count: number }> {
  return cardPage(
    db,
    and(eq(quests.status, 'published'), not(quests.isHidden), not(quests.hiddenByStaff), ...listFilters(q))!,
    q,
  );
}

/**
 * `GET tasks/my_tasks/`: the caller's quests in every state except archived ones; a quest hidden by staff stays,
 * marked with the reason (issue #15 item 4).
 */
export async function listMyQuests(
  db: DbOrTx,
  userId: string,
  q: QuestListQuery,
): Promise<{ rows: MyQuestCard[]; count: number }> {
  const { limit, offset } = pageWindow(q);
  const where = and(eq(quests.creatorId, userId), not(quests.isHidden), ...listFilters(q))!;
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...questCardColumns, hiddenByStaff: quests.hiddenByStaff, hiddenReason: quests.hiddenReason })
      .from(quests)
      .where(where)
      .orderBy(...orderings[q.ordering])
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(quests).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...toQuestCard(r), moderation: { hidden: r.hiddenByStaff, reason: r.hiddenReason } })),
    count: total?.n ?? 0,
  };
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
