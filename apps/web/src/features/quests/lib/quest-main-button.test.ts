import { QUEST_MSG } from '@wyn/contract';
import { describe, expect, it } from 'vitest';
import { questDetail, USER_ID } from '@/testing/fixtures';
import type { MyParticipation, QuestDetail } from '../types';
import { questMainButton } from './quest-main-button';

const base: QuestDetail = questDetail('33333333-3333-4333-8333-333333333333', {
  title: 'Post about us',
  description: 'Post it',
  reward_amount: '25.00',
  creator_name: 'Bo',
  max_participants: 10,
  current_participants: 2,
  hashtag: 'wyn',
  created_at: '2026-01-01T00:00:00Z',
});

const joined = (status: MyParticipation['verification_status']): MyParticipation => ({
  id: 'p1',
  verification_status: status,
  proof_text: null,
  proof_image: null,
  rejection_reason: null,
  joined_at: '2026-01-01T00:00:00Z',
  submitted_at: null,
  completion_date: null,
  verified_date: null,
});

describe('questMainButton', () => {
  it('Participate on a joinable quest; the reason, disabled, when it cannot be joined', () => {
    expect(questMainButton(base, USER_ID, 'overview')).toEqual({
      text: 'Participate',
      enabled: true,
      action: 'participate',
    });
    expect(questMainButton({ ...base, current_participants: 10 }, USER_ID, 'overview')).toEqual({
      text: QUEST_MSG.full,
      enabled: false,
      action: 'participate',
    });
  });

  it("Edit Quest for the quest's creator, whatever the quest's state", () => {
    const edit = { text: 'Edit Quest', enabled: true, action: 'edit' };
    expect(questMainButton({ ...base, creator: USER_ID }, USER_ID, 'overview')).toEqual(edit);
    expect(questMainButton({ ...base, is_creator: true, status: 'closed' }, USER_ID, 'submissions')).toEqual(edit);
  });

  it('nothing while the proof is reviewed or done', () => {
    expect(questMainButton({ ...base, my_participation: joined('pending') }, USER_ID, 'overview')).toBeNull();
    expect(questMainButton({ ...base, my_participation: joined('approved') }, USER_ID, 'submit')).toBeNull();
  });

  it('once joined, the way to finish: verify, check, or the proof form', () => {
    const member = { ...base, my_participation: joined('joined') };
    expect(questMainButton(member, USER_ID, 'overview')?.action).toBe('openSubmit');
    // The proof form puts its own Submit Proof on the button.
    expect(questMainButton(member, USER_ID, 'submit')).toBeNull();
    expect(questMainButton({ ...member, task_type: 'join' }, USER_ID, 'submit')).toMatchObject({
      text: 'Verify Channel Membership',
      action: 'verifyMembership',
    });
    expect(
      questMainButton(
        { ...member, verification_mode: 'automatic', my_participation: joined('rejected') },
        USER_ID,
        'overview',
      ),
    ).toMatchObject({ text: 'Check completion', action: 'verifyCompletion' });
  });
});
