import { http } from 'msw';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, OTHER_ID, USER_ID } from '@/testing/fixtures';
import { notify } from '@/lib/toast';
import { appConfig } from '@/testing/msw/account-handlers';
import { apiError } from '@/testing/msw/api';
import { server } from '@/testing/msw/server';
import { renderScreen } from '@/testing/render';
import type { MyParticipation, QuestDetail, Submission } from '../types';
import QuestPage from './quest-page';

const QUEST_ID = '33333333-3333-4333-8333-333333333333';

function questFixture(patch: Partial<QuestDetail> = {}): QuestDetail {
  return {
    id: QUEST_ID,
    title: 'Join the Design Club',
    description: 'Weekly design news and challenges.',
    media: null,
    tags: [{ id: '44444444-4444-4444-8444-444444444444', name: 'Design' }],
    reward_amount: '25.00',
    creator: OTHER_ID,
    creator_name: 'Bo Lee',
    creator_avatar: null,
    status: 'published',
    deadline: null,
    max_participants: null,
    current_participants: 3,
    participation_requirements: '',
    completion_criteria: '',
    task_type: 'join',
    channel_username: 'wyn_design',
    channel_type: 'public_channel',
    invite_link: null,
    bot_username: null,
    bot_start_link: null,
    social_platform: null,
    hashtag: null,
    video_id: null,
    target_url: null,
    verification_mode: 'automatic',
    likes_count: 0,
    is_liked: false,
    shares_count: 0,
    created_at: '2026-01-01T00:00:00Z',
    is_creator: false,
    my_participation: null,
    pending_review_count: 0,
    min_level: 0,
    my_level: { xp: 0, level: 1, next_level_xp: 100 },
    ...patch,
  };
}

const joined: MyParticipation = {
  id: '55555555-5555-4555-8555-555555555555',
  verification_status: 'joined',
  proof_text: null,
  proof_image: null,
  rejection_reason: null,
  joined_at: '2026-01-02T00:00:00Z',
  submitted_at: null,
  completion_date: null,
  verified_date: null,
};

/** What POST participate/ answers: the participation as `task-completions/` lists it. */
const joinedCompletion: Submission = {
  ...joined,
  task: QUEST_ID,
  task_title: 'Join the Design Club',
  user: { id: USER_ID, username: 'ana', display_name: 'Ana Ng', avatar: null, level: 1 },
  proof_data: null,
};

let quest: QuestDetail;
let calls: { url: string; method: string; headers: Record<string, string> }[];

beforeEach(() => {
  quest = questFixture();
  calls = [];
  localStorage.setItem('wyn.token', 'token');
  localStorage.setItem('wyn.user', JSON.stringify({ id: USER_ID }));
  server.use(
    http.all('*/api/v1/*', ({ request }) => {
      const url = request.url;
      const method = request.method;
      calls.push({ url, method, headers: Object.fromEntries(request.headers) });
      if (url.endsWith(`club/tasks/${QUEST_ID}/`) && method === 'GET') return jsonResponse(quest);
      if (url.endsWith('/participate/')) {
        quest = { ...quest, my_participation: joined, current_participants: 4 };
        return jsonResponse(joinedCompletion, 201);
      }
      if (url.endsWith(`club/tasks/${QUEST_ID}/like/`) && method === 'POST') {
        quest = { ...quest, is_liked: !quest.is_liked, likes_count: quest.likes_count + (quest.is_liked ? -1 : 1) };
        return jsonResponse({ liked: quest.is_liked, likes_count: quest.likes_count });
      }
      if (url.endsWith(`club/tasks/${QUEST_ID}/share/`) && method === 'POST') {
        quest = { ...quest, shares_count: quest.shares_count + 1 };
        return jsonResponse({ shares_count: quest.shares_count });
      }
      if (url.includes('club/task-completions/'))
        return jsonResponse({ results: [], count: 0, next: null, previous: null });
      if (url.endsWith('telegram/verify-membership/'))
        return jsonResponse({ is_member: true, message: '', verification_status: 'pending' });
      if (url.includes('bot/config/')) return jsonResponse(appConfig);
      return jsonResponse({ detail: 'Not found.' }, 404);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const render = () => renderScreen(<QuestPage />, { path: `/quest/${QUEST_ID}`, pattern: '/quest/:id' });

describe('quest page', () => {
  it('shows the quest with its side cards and requirements default', async () => {
    render();
    expect(await screen.findByRole('heading', { name: 'Join the Design Club' })).toBeTruthy();
    expect(screen.getAllByText('No specific requirements outlined.').length).toBeGreaterThan(0);
    expect(screen.getByTestId('verification-mode').textContent).toBe('Verified automatically');
    expect(screen.getAllByText('No deadline').length).toBeGreaterThan(0);
    expect(screen.getAllByTestId('participants')[0]!.textContent).toContain('3 / ∞');
    expect(screen.getByRole('link', { name: /Bo Lee/ }).getAttribute('href')).toBe(`/profile/${OTHER_ID}`);
    expect((screen.getByRole('tab', { name: 'Submit Proof' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('runs the join-channel flow: dialog, participate, submit tab with the channel link, verify', async () => {
    render();
    fireEvent.click((await screen.findAllByRole('button', { name: 'Participate' }))[0]!);
    fireEvent.click(await screen.findByRole('button', { name: /I'll Join the Channel/ }));

    const link = await screen.findByTestId('channel-link');
    expect(link.getAttribute('href')).toBe('https://t.me/wyn_design');
    const participate = calls.find((c) => c.url.endsWith('/participate/'))!;
    expect(participate.method).toBe('POST');
    expect(participate.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByRole('tab', { name: 'Submit Proof' }).getAttribute('aria-selected')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Verify Channel Membership' }));
    expect(await screen.findByText('Verification is pending. Please try again in a moment.')).toBeTruthy();
  });

  it('shows the not-found state with its three actions', async () => {
    quest = questFixture();
    server.use(http.all('*/api/v1/*', () => apiError(404, { detail: 'Not found.', code: 'not_found' })));
    render();
    expect(await screen.findByText('Quest not found. It might have been removed.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Quests' }).getAttribute('href')).toBe('/explore?tab=tasks');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('labels the second tab by state and shows the rejection reason', async () => {
    quest = questFixture({
      task_type: 'follow',
      verification_mode: 'review',
      social_platform: 'wyn',
      my_participation: { ...joined, verification_status: 'rejected', rejection_reason: 'Screenshot is blurry' },
    });
    render();
    const tab = await screen.findByRole('tab', { name: 'Submission Rejected' });
    fireEvent.mouseDown(tab);
    await waitFor(() => expect(screen.getByText(/Screenshot is blurry/)).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Submit Proof' }));
    expect(await screen.findByText('Please provide proof text or upload an image.')).toBeTruthy();
  });

  it('likes and unlikes with the count, and shares by copying the link when there is no share sheet', async () => {
    quest = questFixture({ likes_count: 4, shares_count: 2 });
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    render();
    const like = await screen.findByRole('button', { name: 'Like, 4 likes' });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(like);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Like, 5 likes' }).getAttribute('aria-pressed')).toBe('true'),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Like, 5 likes' })).toHaveProperty('disabled', false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Like, 5 likes' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Like, 4 likes' }).getAttribute('aria-pressed')).toBe('false'),
    );
    expect(calls.filter((c) => c.url.endsWith('/like/') && c.method === 'POST')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Share, 2 shares' }));
    await screen.findByRole('button', { name: 'Share, 3 shares' });
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/quest/${QUEST_ID}`);
    expect(success).toHaveBeenCalledWith('Link copied to clipboard');
  });

  it('uses the share sheet when there is one and counts nothing when it is closed', async () => {
    const share = vi.fn(async () => {
      throw new DOMException('closed', 'AbortError');
    });
    vi.stubGlobal('navigator', { ...navigator, share });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Share, 0 shares' }));
    await waitFor(() => expect(share).toHaveBeenCalled());
    expect(calls.some((c) => c.url.endsWith('/share/'))).toBe(false);
  });

  it("shows the creator their quest's submissions instead of a disabled Submit Proof tab", async () => {
    quest = questFixture({ creator: USER_ID, is_creator: true, pending_review_count: 2 });
    render();
    const tab = await screen.findByRole('tab', { name: 'Submissions, 2 pending' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('tab', { name: 'Submit Proof' })).toBeNull();
    expect(await screen.findByTestId('submissions-panel')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Quest Overview' }));
    await waitFor(() => expect(screen.queryByTestId('submissions-panel')).toBeNull());
    expect(screen.getByText('Weekly design news and challenges.')).toBeTruthy();
  });
});
