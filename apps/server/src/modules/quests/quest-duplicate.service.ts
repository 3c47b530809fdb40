import { eq } from 'drizzle-orm';
import { QUEST_MSG, centsToAmount, type QuestDuplicate } from '@wyn/contract';
import type { DbOrTx } from '../../db/client.ts';
import { questTags } from '../../db/schema/index.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { getQuestRow } from './quest-rows.service.ts';

export const DUPLICATE_MSG = {
  hiddenByStaff: 'This was hidden by staff and cannot be copied.',
} as const;

/** Copies a field only when it holds something (the create body treats absent and blank alike). */
const some = <K extends string, V>(key: K, v: V | null | undefined | '') =>
  (v === null || v === undefined || v === '' ? {} : { [key]: v }) as Partial<Record<K, V>>;

/**
 * `GET tasks/{id}/duplicate/` (issue #15 item 12): the creator's quest as a `POST tasks/` body. Nothing is
 * stored and no escrow moves: a quest exists only published (docs/product.md, "Duplicating a quest or perk"),
 * so the copy is a filled-in create form the creator reviews and publishes. A deadline already past is left out.
 */
export async function questDuplicate(db: DbOrTx, questId: string, userId: string, now: Date): Promise<QuestDuplicate> {
  const q = await getQuestRow(db, questId);
  if (q.creatorId !== userId) {
    if (q.isHidden || q.hiddenByStaff || q.status === 'hidden') throw notFound(QUEST_MSG.notFound);
    throw forbidden(QUEST_MSG.notCreator);
  }
  if (q.isHidden || q.status === 'hidden') throw notFound(QUEST_MSG.notFound);
  if (q.hiddenByStaff) throw conflict(DUPLICATE_MSG.hiddenByStaff);
  const tags = await db.select({ id: questTags.tagId }).from(questTags).where(eq(questTags.questId, q.id));
  const details = q.taskDetails as { channel_type?: QuestDuplicate['channel_type']; invite_link?: string };
  return {
    title: q.title,
    description: q.description,
    reward_amount: centsToAmount(q.rewardAmount),
    task_type: q.taskType,
    ...some('max_participants', q.maxParticipants),
    ...(q.minLevel > 0 ? { min_level: q.minLevel } : {}),
    ...(q.deadline && q.deadline > now ? { deadline: q.deadline.toISOString() } : {}),
    ...some('participation_requirements', q.participationRequirements),
    ...some('completion_criteria', q.completionCriteria),
    tags: tags.map((t) => t.id),
    ...some('media', q.mediaUrl),
    ...some('channel_username', q.channelUsername),
    ...some('channel_type', q.channelType ?? details.channel_type),
    ...some('invite_link', q.inviteLink ?? details.invite_link),
    ...some('bot_username', q.botUsername),
    ...some('social_platform', q.socialPlatform),
    ...some('hashtag', q.hashtag),
    ...some('video_id', q.videoId),
    ...some('target_url', q.targetUrl),
  };
}
