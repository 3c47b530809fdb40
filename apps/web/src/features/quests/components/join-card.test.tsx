import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/testing/render';
import { questDetail, USER_ID } from '@/testing/fixtures';
import type { QuestDetail } from '../types';
import { JoinCard } from './join-card';

const base: QuestDetail = questDetail('33333333-3333-4333-8333-333333333333', {
  title: 'Join the channel',
  description: 'Join our channel today',
  reward_amount: '25.00',
  creator_name: 'Bo',
  max_participants: 10,
  current_participants: 2,
  task_type: 'follow',
  social_platform: 'wyn',
  hashtag: null,
  created_at: '2026-01-01T00:00:00Z',
});

function renderCard(quest: QuestDetail, onParticipate = vi.fn()) {
  renderScreen(<JoinCard quest={quest} viewerId={USER_ID} joining={false} onParticipate={onParticipate} />, {
    path: '/',
  });
  return onParticipate;
}

describe('JoinCard', () => {
  it('offers Participate on a joinable quest', () => {
    const onParticipate = renderCard(base);
    const button = screen.getByRole('button', { name: 'Participate' });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    button.click();
    expect(onParticipate).toHaveBeenCalledOnce();
  });

  it.each([
    [{ status: 'closed' }, 'Quest not active'],
    [{ deadline: '2020-01-01T00:00:00Z' }, 'Quest expired'],
    [{ current_participants: 10 }, 'Quest full'],
  ])('disables the button with the reason (%o)', (patch, reason) => {
    renderCard({ ...base, ...patch });
    expect((screen.getByRole('button', { name: reason }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the creator their review link instead', () => {
    renderCard({ ...base, is_creator: true, pending_review_count: 2 });
    expect(screen.getByText("You're the creator")).toBeTruthy();
    expect(screen.getByText('2 submissions waiting for your review.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /To review/ }).getAttribute('href')).toBe('/review');
  });

  it('shows progress once joined', () => {
    renderCard({
      ...base,
      my_participation: {
        id: 'p1',
        verification_status: 'pending',
        proof_text: 'done',
        proof_image: null,
        rejection_reason: null,
        joined_at: '2026-01-01T00:00:00Z',
        submitted_at: '2026-01-02T00:00:00Z',
        completion_date: null,
        verified_date: null,
      },
    });
    expect(screen.getByRole('progressbar', { name: 'Quest progress' }).getAttribute('aria-valuenow')).toBe('75');
    for (const label of ['Joined', 'Submitted', 'Pending Approval', 'Approved'])
      expect(screen.getByText(label)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Participate' })).toBeNull();
  });
});
