import { QUEST_MSG } from '@wyn/contract';
import { describe, expect, it } from 'vitest';
import {
  canSubmitProof,
  channelLink,
  joinDisabledReason,
  progressSteps,
  progressValue,
  secondTabLabel,
  validateProof,
} from './participation';

const now = Date.parse('2026-06-01T12:00:00Z');
const quest = {
  status: 'published',
  deadline: null as string | null,
  max_participants: null as number | null,
  current_participants: 0,
  creator: 'creator-1',
  is_creator: false,
};

describe('joinDisabledReason', () => {
  it('is null for a joinable quest', () => {
    expect(joinDisabledReason(quest, 'me', now)).toBeNull();
  });
  it('blocks the creator (by flag or by id)', () => {
    expect(joinDisabledReason({ ...quest, is_creator: true }, 'me', now)).toBe(QUEST_MSG.creatorCannotJoin);
    expect(joinDisabledReason(quest, 'creator-1', now)).toBe("You're the creator");
  });
  it('blocks a quest that is not published', () => {
    expect(joinDisabledReason({ ...quest, status: 'closed' }, 'me', now)).toBe('Quest not active');
  });
  it('blocks an expired quest', () => {
    expect(joinDisabledReason({ ...quest, deadline: '2026-05-31T12:00:00Z' }, 'me', now)).toBe('Quest expired');
    expect(joinDisabledReason({ ...quest, deadline: '2026-06-02T12:00:00Z' }, 'me', now)).toBeNull();
  });
  it('blocks a full quest', () => {
    expect(joinDisabledReason({ ...quest, max_participants: 3, current_participants: 3 }, 'me', now)).toBe(
      'Quest full',
    );
    expect(joinDisabledReason({ ...quest, max_participants: 3, current_participants: 2 }, 'me', now)).toBeNull();
  });
  it('reports the creator before other reasons', () => {
    expect(
      joinDisabledReason({ ...quest, status: 'closed', is_creator: true, deadline: '2020-01-01T00:00:00Z' }, null, now),
    ).toBe(QUEST_MSG.creatorCannotJoin);
  });
});

describe('progress mapping', () => {
  it('maps states to the share of the four milestones reached: 25 / 75 / 100', () => {
    expect(progressValue(null)).toBe(0);
    expect(progressValue('joined')).toBe(25);
    expect(progressValue('pending')).toBe(75);
    expect(progressValue('approved')).toBe(100);
    expect(progressValue('rejected')).toBe(25);
  });
  it('labels the milestones Joined, Submitted, Pending Approval, Approved', () => {
    expect(progressSteps('pending')).toEqual([
      { label: 'Joined', done: true },
      { label: 'Submitted', done: true },
      { label: 'Pending Approval', done: true },
      { label: 'Approved', done: false },
    ]);
    expect(progressSteps('approved').every((s) => s.done)).toBe(true);
    expect(
      progressSteps('joined')
        .filter((s) => s.done)
        .map((s) => s.label),
    ).toEqual(['Joined']);
  });
  it('labels the second tab by state', () => {
    expect(secondTabLabel(null)).toBe('Submit Proof');
    expect(secondTabLabel({ verification_status: 'joined' })).toBe('Submit Proof');
    expect(secondTabLabel({ verification_status: 'pending' })).toBe('Submission Under Review');
    expect(secondTabLabel({ verification_status: 'rejected' })).toBe('Submission Rejected');
    expect(secondTabLabel({ verification_status: 'approved' })).toBe('Completion Details');
  });
  it('allows a proof when joined or after a rejection', () => {
    expect(canSubmitProof('joined')).toBe(true);
    expect(canSubmitProof('rejected')).toBe(true);
    expect(canSubmitProof('pending')).toBe(false);
    expect(canSubmitProof('approved')).toBe(false);
  });
});

describe('proof and links', () => {
  it('needs text or an image', () => {
    expect(validateProof('  ', null)).toBe(QUEST_MSG.proofNeeded);
    expect(validateProof('done', null)).toBeNull();
    expect(validateProof('', new File(['x'], 'a.png', { type: 'image/png' }))).toBeNull();
  });
  it('builds channel links without the @', () => {
    expect(channelLink('@wyn_club')).toBe('https://t.me/wyn_club');
    expect(channelLink('wyn')).toBe('https://t.me/wyn');
    expect(channelLink('')).toBeNull();
  });
});
