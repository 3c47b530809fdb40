import { HttpResponse } from 'msw';
import { routes } from '@wyn/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { USER_ID } from '@/testing/fixtures';
import { api } from '@/testing/msw/api';
import { server } from '@/testing/msw/server';
import { renderScreen } from '@/testing/render';
import type { QuestDetail } from '../types';
import { JoinCard } from './join-card';

// Issue #14 item 20: a quest's creator manages it from the quest screen: Edit Quest (the edit screen), To review
// (its submissions) and Close.

const QUEST_ID = '33333333-3333-4333-8333-333333333333';
const quest = {
  id: QUEST_ID,
  title: 'Post with our hashtag',
  status: 'published',
  creator: USER_ID,
  is_creator: true,
  pending_review_count: 0,
  my_participation: null,
} as unknown as QuestDetail;

const renderCard = (q: QuestDetail) =>
  renderScreen(<JoinCard quest={q} viewerId={USER_ID} joining={false} onParticipate={vi.fn()} />, {
    path: `/quest/${QUEST_ID}`,
  });

describe("the quest creator's card", () => {
  it('closes the quest after confirming', async () => {
    let closed = 0;
    server.use(
      api.on(routes.questClose, () => {
        closed += 1;
        return HttpResponse.json({ detail: 'Quest closed.', status: 'closed', refunded_amount: '20.00' });
      }),
    );
    renderCard(quest);
    expect(screen.getByRole('link', { name: /To review/ }).getAttribute('href')).toBe('/review');
    fireEvent.click(screen.getByRole('button', { name: 'Close Quest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close this quest?' });
    expect(closed).toBe(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close Quest' }));
    await waitFor(() => expect(closed).toBe(1));
  });

  it('offers no Close on a quest that is no longer open', () => {
    renderCard({ ...quest, status: 'closed' });
    expect(screen.queryByRole('button', { name: 'Close Quest' })).toBeNull();
  });

  it('links to the edit screen beside Close, also once the quest ended (its text, cover and tags)', async () => {
    renderCard(quest);
    const edit = screen.getByRole('link', { name: 'Edit Quest' });
    expect(edit.getAttribute('href')).toBe(`/edit-quest/${QUEST_ID}`);
    expect(screen.getByRole('button', { name: 'Close Quest' })).toBeTruthy();
    fireEvent.click(edit);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/edit-quest/${QUEST_ID}`));
  });

  it('offers Edit on an ended quest too', () => {
    renderCard({ ...quest, status: 'expired' });
    expect(screen.getByRole('link', { name: 'Edit Quest' }).getAttribute('href')).toBe(`/edit-quest/${QUEST_ID}`);
  });

  it('links to the quest’s analytics and to a copy of it in the create wizard (issue #15 items 12, 13)', () => {
    renderCard({ ...quest, status: 'closed' });
    expect(screen.getByRole('link', { name: 'Analytics' }).getAttribute('href')).toBe(`/quest/${QUEST_ID}/analytics`);
    expect(screen.getByRole('link', { name: 'Duplicate' }).getAttribute('href')).toBe(
      `/create?duplicate=quest:${QUEST_ID}`,
    );
  });

  it('shows no creator actions to a member', () => {
    renderCard({ ...quest, creator: '22222222-2222-4222-8222-222222222222', is_creator: false });
    expect(screen.queryByRole('link', { name: 'Edit Quest' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Analytics' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Duplicate' })).toBeNull();
  });
});
