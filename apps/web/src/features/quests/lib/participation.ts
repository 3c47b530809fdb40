import type { MyParticipation, ParticipationStatus, QuestDetail } from '../types';

export const JOIN_DISABLED = {
  creator: "You're the creator",
  inactive: 'Quest not active',
  expired: 'Quest expired',
  full: 'Quest full',
} as const;

type JoinCheck = Pick<QuestDetail, 'status' | 'deadline' | 'max_participants' | 'current_participants' | 'creator'> & {
  is_creator?: boolean;
};

/** Why the viewer cannot join, in the spec's order (creator, status, deadline, capacity); null when joinable. */
export function joinDisabledReason(quest: JoinCheck, viewerId: string | null, now: number = Date.now()): string | null {
  if (quest.is_creator || (viewerId !== null && quest.creator === viewerId)) return JOIN_DISABLED.creator;
  if (quest.status !== 'published') return JOIN_DISABLED.inactive;
  if (quest.deadline && Date.parse(quest.deadline) < now) return JOIN_DISABLED.expired;
  if (quest.max_participants != null && quest.current_participants >= quest.max_participants) return JOIN_DISABLED.full;
  return null;
}

export interface ProgressStep {
  label: string;
  done: boolean;
}

/** Progress bar value: 33 joined, 66 pending review, 100 approved; rejected goes back to 33 (submit again). */
export function progressValue(status: ParticipationStatus | null | undefined): number {
  switch (status) {
    case 'joined':
    case 'rejected':
      return 33;
    case 'pending':
      return 66;
    case 'approved':
      return 100;
    default:
      return 0;
  }
}

export const PROGRESS_LABELS = ['Joined', 'Submitted', 'Pending Approval', 'Approved'] as const;

/** The four labelled milestones and whether each is reached. */
export function progressSteps(status: ParticipationStatus | null | undefined): ProgressStep[] {
  const reached =
    status === 'approved' ? 4 : status === 'pending' ? 3 : status === 'joined' || status === 'rejected' ? 1 : 0;
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

export const PROOF_REQUIRED = 'Please provide proof text or upload an image.';

export function validateProof(text: string, image: File | null): string | null {
  return text.trim() || image ? null : PROOF_REQUIRED;
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

export const QUEST_MSG = {
  notFound: 'Quest not found. It might have been removed.',
  loadFailed: 'Failed to load quest details. Please try again.',
  forbidden: "You don't have permission to view this quest.",
  joined: 'Successfully joined the quest!',
  alreadyJoined: "You're already participating in this quest!",
  joinFailed: 'Failed to join quest. Please try again later.',
  proofSubmitted: 'Successfully submitted your quest completion!',
  proofFailed: 'Failed to submit proof. Please try again.',
  verifyError: 'An error occurred during verification. Please try again.',
  verifyFailed: "Verification failed. Please make sure you've joined the channel.",
  verifyPending: 'Verification is pending. Please try again in a moment.',
  verifyApproved: 'Membership verified. Your reward has been paid.',
  noRequirements: 'No specific requirements outlined.',
} as const;
