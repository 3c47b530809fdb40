/**
 * The quests module's public service, used by its routes and by other modules. The work lives in:
 * quest-rows (loading, visibility, automatic verification), quests-read and completions-read (what the API
 * shows), quests-lifecycle (create, close, delete, expire, escrow), quest-participation (join, proof),
 * quest-review (approve, reject, start tokens) and quest-likes.
 */
export { getVisibleQuest, isOwnBotQuest, type QuestRow } from './quest-rows.service.ts';
export { listQuests, listMyQuests, questDetail, questStats } from './quests-read.service.ts';
export {
  completionsFor,
  getCompletionDto,
  listMyCompletions,
  listMyParticipations,
  listToReview,
} from './completions-read.service.ts';
export {
  closeQuest,
  createQuestWithMedia,
  deleteQuest,
  dueQuestIds,
  expireDueQuests,
  expireQuest,
} from './quests-lifecycle.service.ts';
export { toggleLike, share } from './quest-likes.service.ts';
export { myCompletion, participate, sendProof } from './quest-participation.service.ts';
export {
  approveAll,
  approveCompletion,
  approveCompletionTx,
  completeStartToken,
  rejectCompletion,
} from './quest-review.service.ts';
