import { levelNeededMessage, QUEST_MSG } from '@wyn/contract';
import type { MyParticipation, ParticipationStatus, QuestDetail } from '../types';

type JoinCheck = Pick<QuestDetail, 'status' | 'deadline' | 'max_participants' | 'current_participants' | 'creator'> & {
  is_creator?: boolean;
  min_level?: number;
  my_level?: QuestDetail['my_level'];
};

/** The sentence for a viewer below the quest's minimum level (the server's 403 says the same), or null. */
export function levelShortfall(quest: Pick<JoinCheck, 'min_level' | 'my_level'>): string | null {
  if (!quest.min_level || !quest.my_level || quest.my_level.level >= quest.min_level) return null;
  return levelNeededMessage('quest', quest.min_level, quest.my_level);
}

/** Why the viewer cannot join, in the spec's order (creator, status, deadline, capacity); null when joinable. */
export function joinDisabledReason(quest: JoinCheck, viewerId: string | null, now: number = Date.now()): string | null {
  if (quest.is_creator || (viewerId !== null && quest.creator === viewerId)) return QUEST_MSG.creatorCannotJoin;
  if (quest.status !== 'published') return QUEST_MSG.notActive;
  if (quest.deadline && Date.parse(quest.deadline) < now) return QUEST_MSG.expired;
  if (quest.max_participants != null && quest.current_participants >= quest.max_participants) return QUEST_MSG.full;
  if (levelShortfall(quest)) return `Level ${quest.min_level} needed`;
  return null;
}

export interface ProgressStep {
  label: string;
  done: boolean;
}

export const PROGRESS_LABELS = ['Joined', 'Submitted', 'Pending Approval', 'Approved'] as const;

/** How many of the four milestones a participation has reached (a rejection goes back to Joined). */
function stepsReached(status: ParticipationStatus | null | undefined): number {
  return status === 'approved' ? 4 : status === 'pending' ? 3 : status === 'joined' || status === 'rejected' ? 1 : 0;
}

/**
 * Progress bar value: the share of the four milestones reached, so the bar and the ticks agree (25 joined, 75
 * under review, 100 approved; rejected back to 25). The spec's 33/66/100 counted three steps under four labels
 * (issue #14 item 13).
 */
export function progressValue(status: ParticipationStatus | null | undefined): number {
  return (stepsReached(status) / PROGRESS_LABELS.length) * 100;
}

/** The four labelled milestones and whether each is reached. */
export function progressSteps(status: ParticipationStatus | null | undefined): ProgressStep[] {
  const reached = stepsReached(status);
  return PROGRESS_LABELS.map((label, i) => ({ label, done: i < reached }));
}

/** The label of the second tab, by participation state. */
export function secondTabLabel(participation: Pick<MyParticipation, 'verification_status'> | null): string {
  switch (participation?.verification_status) {
    case 'pending':
      return 'Submission Under Review';
    case 'rejected':
      return 'Submission Rejected';
    case 'approved':
      return 'Completion Details';
    default:
      return 'Submit Proof';
  }
}

/** A proof may be submitted when joined, or again after a rejection. */
export function canSubmitProof(status: ParticipationStatus | null | undefined): boolean {
  return status === 'joined' || status === 'rejected';
}

export function validateProof(text: string, image: File | null): string | null {
  return text.trim() || image ? null : QUEST_MSG.proofNeeded;
}

/** https://t.me/<username> without a leading @, or null. */
export function channelLink(username: string | null | undefined): string | null {
  const u = (username ?? '').trim().replace(/^@+/, '');
  return u ? `https://t.me/${u}` : null;
}

export function botLink(quest: Pick<QuestDetail, 'bot_start_link' | 'bot_username'>): string | null {
  if (quest.bot_start_link) return quest.bot_start_link;
  return channelLink(quest.bot_username);
}

/** The quest page's own sentences; where the server says the same thing the page uses the contract's QUEST_MSG. */
export const QUEST_PAGE_MSG = {
  notFound: 'Quest not found. It might have been removed.',
  loadFailed: 'Failed to load quest details. Please try again.',
  forbidden: "You don't have permission to view this quest.",
  joinFailed: 'Failed to join quest. Please try again later.',
  proofFailed: 'Failed to submit proof. Please try again.',
  verifyError: 'An error occurred during verification. Please try again.',
  noRequirements: 'No specific requirements outlined.',
} as const;
