import type { QuestDetail } from '../types';
import { canSubmitProof, joinDisabledReason } from './participation';

export type QuestMainAction = 'participate' | 'verifyMembership' | 'verifyCompletion' | 'openSubmit' | 'edit';

export interface QuestMainButton {
  text: string;
  enabled: boolean;
  action: QuestMainAction;
}

/**
 * What Telegram's MainButton does on a quest screen (issue #14 item 2), by the viewer's state and the open
 * tab: Participate (or why not, disabled); once joined, the way to finish: verify membership (join quests),
 * check completion (automatic ones), or open the proof tab, whose form then puts Submit Proof on the button
 * itself. Nothing while the proof is under review or done. For the quest's creator it is Edit Quest (as a perk's
 * creator gets Edit Perk); Close stays an in-page button.
 */
export function questMainButton(
  quest: QuestDetail,
  viewerId: string | null,
  tab: 'overview' | 'submit' | 'submissions',
  now: number = Date.now(),
): QuestMainButton | null {
  if (quest.is_creator || (viewerId !== null && quest.creator === viewerId))
    return { text: 'Edit Quest', enabled: true, action: 'edit' };
  const participation = quest.my_participation;
  if (!participation) {
    const reason = joinDisabledReason(quest, viewerId, now);
    return { text: reason ?? 'Participate', enabled: reason === null, action: 'participate' };
  }
  if (!canSubmitProof(participation.verification_status)) return null;
  if (quest.task_type === 'join')
    return { text: 'Verify Channel Membership', enabled: true, action: 'verifyMembership' };
  if (quest.verification_mode === 'automatic')
    return { text: 'Check completion', enabled: true, action: 'verifyCompletion' };
  // The proof form registers its own Submit Proof while the tab is open.
  return tab === 'submit' ? null : { text: 'Submit Proof', enabled: true, action: 'openSubmit' };
}
