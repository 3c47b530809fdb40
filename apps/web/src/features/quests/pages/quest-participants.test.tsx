import { HttpResponse } from 'msw';
import { routes } from '@wyn/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { questDetail, USER_ID } from '@/testing/fixtures';
import { appConfigHandler } from '@/testing/msw/account-handlers';
import { api } from '@/testing/msw/api';
import { server } from '@/testing/msw/server';
import { renderScreen } from '@/testing/render';
import type { QuestDetail, Submission } from '../types';
import QuestPage from './quest-page';

// Issue #14 item 13: joining showed 0 → 2 → 1 participants (the page added one to a count the server had
// already counted), and the progress bar said 33 % and 66 % for four steps.

const QUEST_ID = '33333333-3333-4333-8333-333333333333';

const base: QuestDetail = questDetail(QUEST_ID, {
  description: 'Post a photo with our hashtag.',
  created_at: '2026-01-01T00:00:00Z',
});

const completion: Submission = {
  id: '55555555-5555-4555-8555-555555555555',
  verification_status: 'joined',
  proof_text: null,
  proof_image: null,
  proof_data: null,
  rejection_reason: null,
  joined_at: '2026-01-02T00:00:00Z',
  submitted_at: null,
  completion_date: null,
  verified_date: null,
  task: QUEST_ID,
  task_title: base.title,
  user: { id: USER_ID, username: 'ana', display_name: 'Ana Ng', avatar: null, level: 1 },
};

let quest: QuestDetail;
/** Every participant count the side card showed, in order. */
let shown: string[];

beforeEach(() => {
  quest = base;
  shown = [];
  localStorage.setItem('wyn.token', 'token');
  localStorage.setItem('wyn.user', JSON.stringify({ id: USER_ID }));
  server.use(
    appConfigHandler(),
    api.on(routes.quest, () => HttpResponse.json(quest)),
    api.on(routes.questParticipate, () => {
      // The server counts the new participant in the same transaction.
      const { id, verification_status, proof_text, proof_image, rejection_reason, joined_at } = completion;
      const { submitted_at, completion_date, verified_date } = completion;
      quest = {
        ...quest,
        current_participants: quest.current_participants + 1,
        my_participation: {
          id,
          verification_status,
          proof_text,
          proof_image,
          rejection_reason,
          joined_at,
          submitted_at,
          completion_date,
          verified_date,
        },
      };
      return HttpResponse.json(completion, { status: 201 });
    }),
  );
});

function watchParticipants() {
  const observer = new MutationObserver(() => {
    const text = screen.queryAllByTestId('participants')[0]?.textContent ?? '';
    if (text && shown.at(-1) !== text) shown.push(text);
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  return observer;
}

describe('joining a quest', () => {
  it('counts the member once: 0 → 1, never 2', async () => {
    renderScreen(<QuestPage />, { path: `/quest/${QUEST_ID}`, pattern: '/quest/:id' });
    await screen.findByRole('heading', { name: base.title });
    const observer = watchParticipants();
    expect(screen.getAllByTestId('participants')[0]!.textContent).toContain('0 / 5');

    fireEvent.click(screen.getAllByRole('button', { name: 'Participate' })[0]!);
    await screen.findAllByRole('progressbar', { name: 'Quest progress' });
    await waitFor(() => expect(screen.getAllByTestId('participants')[0]!.textContent).toContain('1 / 5'));
    // Let any refetch settle, then look at everything the card showed.
    await new Promise((r) => setTimeout(r, 50));
    observer.disconnect();
    expect(screen.getAllByTestId('participants')[0]!.textContent).toContain('1 / 5');
    expect(shown.some((t) => t.includes('2 / 5'))).toBe(false);
  });

  it('shows progress as the share of the four steps reached', async () => {
    renderScreen(<QuestPage />, { path: `/quest/${QUEST_ID}`, pattern: '/quest/:id' });
    fireEvent.click((await screen.findAllByRole('button', { name: 'Participate' }))[0]!);
    // The card shows in the side column and, on phones, above the tabs: both say the same.
    const bars = await screen.findAllByRole('progressbar', { name: 'Quest progress' });
    // Joined: one of Joined, Submitted, Pending Approval, Approved.
    for (const bar of bars) expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getAllByText('25%').length).toBe(bars.length);
  });
});
