/**
 * The quests module's public service, used by its routes and by other modules. The work lives in:
 * quest-rows (loading, visibility, automatic verification), quests-read and completions-read (what the API
 * shows), quests-lifecycle (create, close, delete, expire, escrow), quest-edit (the creator's changes),
 * quest-participation (join, proof), quest-review (approve, reject, start tokens) and quest-likes.
 */
import type { PageQuery, QuestCompletion, ReviewSubmission } from '@wyn/contract';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { withReviewSignals } from '../engagement/review-signals.service.ts';
import { getCompletionDto as completionDto, listToReview } from './completions-read.service.ts';
import { participate as join } from './quest-participation.service.ts';
import { approveCompletion as approve, rejectCompletion as reject } from './quest-review.service.ts';

export { getVisibleQuest, isOwnBotQuest, type QuestRow } from './quest-rows.service.ts';
export { listQuests, listMyQuests, questDetail, questStats } from './quests-read.service.ts';
export {
  completionsFor,
  getCompletionDto,
  listMyCompletions,
  listMyParticipations,
} from './completions-read.service.ts';
export {
  closeQuest,
  createQuestWithMedia,
  deleteQuest,
  dueQuestIds,
  expireDueQuests,
  expireQuest,
} from './quests-lifecycle.service.ts';
export { editQuest } from './quest-edit.service.ts';
export { toggleLike, share } from './quest-likes.service.ts';
export { myCompletion, participate, sendProof } from './quest-participation.service.ts';
export {
  approveAll,
  approveCompletion,
  approveCompletionTx,
  completeStartToken,
  rejectCompletion,
} from './quest-review.service.ts';

// The actions a route answers with the participation as the member or creator now sees it: one call each.

/** Joins the quest; answers with the new participation. */
export async function joinQuest(
  db: DbOrTx,
  questId: string,
  userId: string,
  opts: { now: Date; config: Config },
): Promise<QuestCompletion> {
  const row = await join(db, questId, userId, opts);
  return completionDto(db, row.id);
}

/** Approves a submission (pays the reward); answers with the approved participation. */
export async function approveSubmission(
  db: DbOrTx,
  completionId: string,
  reviewerId: string,
  now: Date,
): Promise<QuestCompletion> {
  const row = await approve(db, completionId, reviewerId, now);
  return completionDto(db, row.id);
}

/** Rejects a submission with a reason; answers with the rejected participation. */
export async function rejectSubmission(
  db: DbOrTx,
  completionId: string,
  reviewerId: string,
  reason: string,
  now: Date,
): Promise<QuestCompletion> {
  const row = await reject(db, completionId, reviewerId, reason, now);
  return completionDto(db, row.id);
}

/** Submissions waiting for this creator's review, each with the signals that help judge the member who sent it. */
export async function submissionsToReview(
  db: DbOrTx,
  creatorId: string,
  q: PageQuery,
  now: Date,
): Promise<{ rows: ReviewSubmission[]; count: number }> {
  const page = await listToReview(db, creatorId, q);
  return { rows: await withReviewSignals(db, page.rows, now), count: page.count };
}
