import { HttpResponse } from 'msw';
import { routes } from '@wyn/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USER_ID } from '@/testing/fixtures';
import { api } from '@/testing/msw/api';
import { server } from '@/testing/msw/server';
import { renderScreen } from '@/testing/render';
import type { Submission } from '../types';
import { SubmissionItem } from './submission-item';
import { SubmissionsPanel } from './submissions-panel';

// Issue #14 item 19: proof links open (http(s) only), approve and reject ask first, bulk approve says how many.

const QUEST_ID = '33333333-3333-4333-8333-333333333333';
const sub = (n: number, patch: Partial<Submission> = {}): Submission => ({
  id: `55555555-5555-4555-8555-55555555555${n}`,
  verification_status: 'pending',
  proof_text: 'Done!',
  proof_image: null,
  proof_data: null,
  rejection_reason: null,
  joined_at: '2026-01-02T00:00:00Z',
  submitted_at: '2026-01-03T00:00:00Z',
  completion_date: null,
  verified_date: null,
  task: QUEST_ID,
  task_title: 'Post with our hashtag',
  user: { id: USER_ID, username: `m${n}`, display_name: `Member ${n}`, avatar: null, level: 1 },
  ...patch,
});

const renderItem = (s: Submission) =>
  renderScreen(
    <ul>
      <SubmissionItem submission={s} />
    </ul>,
    { path: '/review' },
  );

describe('reviewing a submission', () => {
  it('makes http(s) addresses in the proof clickable and leaves anything else as text', () => {
    renderItem(
      sub(1, {
        proof_text: 'My post: https://example.com/post/1 and javascript:alert(1) and www.example.org',
      }),
    );
    const link = screen.getByRole('link', { name: 'https://example.com/post/1' });
    expect(link.getAttribute('href')).toBe('https://example.com/post/1');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getAllByRole('link').filter((a) => a.textContent?.includes('javascript'))).toEqual([]);
    expect(screen.getByText(/javascript:alert\(1\) and www\.example\.org/)).toBeTruthy();
  });

  it('keeps a trailing full stop out of the link', () => {
    renderItem(sub(1, { proof_text: 'See https://example.com/a.' }));
    expect(screen.getByRole('link', { name: 'https://example.com/a' }).getAttribute('href')).toBe(
      'https://example.com/a',
    );
  });

  it('asks before approving, and approves only when confirmed', async () => {
    let approved = 0;
    server.use(
      api.on(routes.questCompletionApprove, () => {
        approved += 1;
        return HttpResponse.json(sub(1, { verification_status: 'approved' }));
      }),
    );
    renderItem(sub(1));
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    let dialog = await screen.findByRole('dialog', { name: 'Approve submission?' });
    expect(dialog.textContent).toContain('Member 1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(approved).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    dialog = await screen.findByRole('dialog', { name: 'Approve submission?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(approved).toBe(1));
  });

  it('asks for a reason before rejecting', async () => {
    renderItem(sub(1));
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByRole('dialog', { name: 'Reject submission' })).toBeTruthy();
  });

  it('bulk approve says how many it will approve', async () => {
    server.use(
      api.on(routes.questCompletions, () =>
        HttpResponse.json({ results: [sub(1), sub(2), sub(3)], count: 3, next: null, previous: null }),
      ),
    );
    renderScreen(<SubmissionsPanel questId={QUEST_ID} />, { path: `/quest/${QUEST_ID}` });
    fireEvent.click(await screen.findByRole('button', { name: 'Approve all 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve all 3 submissions?' });
    expect(within(dialog).getByRole('button', { name: 'Approve 3' })).toBeTruthy();
  });
});
