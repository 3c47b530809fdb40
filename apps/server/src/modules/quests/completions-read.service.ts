import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { QUEST_MSG, type MyParticipation, type QuestCompletion } from '@wyn/contract';
import type { DbOrTx } from '../../db/client.ts';
import { leaderboardScores, profiles, questCompletions, quests, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { iso } from '../../lib/dates.ts';
import { pageWindow } from '../../lib/pagination.ts';
import { memberSummary } from '../../lib/display-name.ts';
import { levelForXp } from '../engagement/xp.service.ts';
import { getVisibleQuest, type CompletionRow } from './quest-rows.service.ts';

/** Participations as the API shows them: to the member (`MyParticipation`) and in lists (`QuestCompletion`). */

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
  /** All-time XP (null: none yet), for the member's level in the creator's review. */
  xp: leaderboardScores.xp,
};
/** The member's all-time board row, joined for their level. */
const allTimeXpOn = and(eq(leaderboardScores.board, 'all'), eq(leaderboardScores.userId, questCompletions.userId));
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
  xp: number | null;
};

export function toCompletionDto(r: CompletionJoinRow): QuestCompletion {
  return {
    ...toParticipation(r.c),
    task: r.c.questId,
    task_title: r.taskTitle,
    user: { ...memberSummary(r), level: levelForXp(r.xp ?? 0) },
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
      .leftJoin(profiles, eq(profiles.id, questCompletions.userId))
      .leftJoin(leaderboardScores, allTimeXpOn);
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
    .leftJoin(leaderboardScores, allTimeXpOn)
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
