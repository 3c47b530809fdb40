import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { routes, type LeaderboardResponse } from '@wyn/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { authSession } from '@/lib/session';
import { OTHER_ID, profile, user, USER_ID } from '@/testing/fixtures';
import { api, apiError } from '@/testing/msw/api';
import { server } from '@/testing/msw/server';
import { renderScreen } from '@/testing/render';
import { rankLabel, readBoardParams, toNextLevel } from '../lib/leaderboard';
import LeaderboardPage from './leaderboard-page';

const row = (rank: number, id: string, name: string, xp: number, level = 1) => ({
  rank,
  profile: { id, name, avatar: null },
  xp,
  level,
});
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function board(extra: Partial<LeaderboardResponse> = {}): LeaderboardResponse {
  return {
    results: [row(1, uuid(1), 'Ann M', 300, 3), row(1, uuid(2), 'Bob M', 300, 3), row(3, uuid(3), 'Cat M', 120, 2)],
    count: 3,
    next: null,
    previous: null,
    me: null,
    season: null,
    ...extra,
  };
}

let asked: URLSearchParams[];
let answer: (q: URLSearchParams) => Response;
beforeEach(() => {
  authSession.signIn({ access: 'a', refresh: 'r', access_expires_at: '2099-01-01T00:00:00Z', user });
  asked = [];
  answer = () => HttpResponse.json(board());
  server.use(
    api.on(routes.leaderboard, ({ request }) => {
      const q = new URL(request.url).searchParams;
      asked.push(q);
      return answer(q);
    }),
    api.on(routes.profile, () =>
      HttpResponse.json({
        ...profile,
        id: OTHER_ID,
        display_name: 'Bo Lee',
        is_own: false,
        created_tasks_count: 2,
        purchased_perks_count: 0,
        created_perks_count: 0,
        completed_tasks: [],
        created_tasks: [],
        purchased_perks: [],
        created_perks: [],
      }),
    ),
  );
});

describe('leaderboard lib', () => {
  it('reads the address, labels ranks and the way to the next level', () => {
    expect(readBoardParams(new URLSearchParams('period=week&page=2'))).toEqual({
      period: 'week',
      creator: null,
      page: 2,
    });
    expect(readBoardParams(new URLSearchParams('period=year&page=-1'))).toEqual({
      period: 'all',
      creator: null,
      page: 1,
    });
    expect([1, 2, 3, 4].map(rankLabel)).toEqual(['🥇', '🥈', '🥉', '#4']);
    expect(toNextLevel(120, 2, 300)).toBe('180 XP to level 3');
  });
});

describe('LeaderboardPage', () => {
  it('ranks members with shared ranks, emphasises the top three and pins my place when it is off the page', async () => {
    answer = () => HttpResponse.json(board({ me: { rank: 42, xp: 10, level: 1 } }));
    renderScreen(<LeaderboardPage />, { path: '/leaderboard' });
    const rows = await screen.findAllByTestId('board-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByLabelText('Rank 1')).toBeTruthy();
    expect(within(rows[1]!).getByLabelText('Rank 1')).toBeTruthy();
    expect(within(rows[2]!).getByText('🥉')).toBeTruthy();
    expect(within(rows[0]!).getByText('300 XP')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('level-badge').textContent).toContain('3');
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe(`/profile/${uuid(1)}`);
    const me = screen.getByTestId('board-me');
    expect(me.textContent).toContain('#42');
    expect(me.textContent).toContain('10 XP');
    expect(asked[0]!.get('period')).toBe('all');
  });

  it('marks my row when I am on the page (nothing pinned) and switches periods', async () => {
    answer = (q) =>
      HttpResponse.json(
        q.get('period') === 'week'
          ? board({ results: [row(1, USER_ID, 'Ana Ng', 40)], count: 1, me: { rank: 1, xp: 40, level: 1 } })
          : board(),
      );
    renderScreen(<LeaderboardPage />, { path: '/leaderboard' });
    await screen.findAllByTestId('board-row');
    expect(screen.getByTestId('board-me').textContent).toContain('not on this board yet');
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Week' }));
    await waitFor(() => expect(screen.getByText(/\(you\)/)).toBeTruthy());
    expect(screen.queryByTestId('board-me')).toBeNull();
    expect(screen.getByTestId('location').textContent).toContain('period=week');
  });

  it("does not show the previous period's rows under the new tab while it loads", async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    answer = (q) =>
      q.get('period') === 'week'
        ? (held.then(() => HttpResponse.json(board({ results: [], count: 0 }))) as never)
        : HttpResponse.json(board());
    renderScreen(<LeaderboardPage />, { path: '/leaderboard' });
    await screen.findAllByTestId('board-row');
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Week' }));
    await waitFor(() => expect(screen.queryAllByTestId('board-row')).toHaveLength(0));
    release();
  });

  it('pages 20 at a time', async () => {
    answer = (q) =>
      HttpResponse.json(board({ count: 45, results: [row(Number(q.get('page')) * 20 - 19, uuid(9), 'Dan M', 5)] }));
    renderScreen(<LeaderboardPage />, { path: '/leaderboard?period=month' });
    await screen.findByText('Page 1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    expect(asked.at(-1)!.get('page')).toBe('2');
    expect(asked.at(-1)!.get('page_size')).toBe('20');
    expect(asked.at(-1)!.get('period')).toBe('month');
    expect(await screen.findByLabelText('Rank 21')).toBeTruthy();
  });

  it("shows a club's own board with its name, and an empty season", async () => {
    answer = (q) =>
      q.get('period') === 'season' ? HttpResponse.json(board({ results: [], count: 0 })) : HttpResponse.json(board());
    renderScreen(<LeaderboardPage />, { path: `/leaderboard?creator=${OTHER_ID}&period=season` });
    expect(await screen.findByText("XP earned on Bo Lee's quests")).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Club board' })).toBeTruthy();
    expect((await screen.findByTestId('board-empty')).textContent).toContain('No season is running');
    expect(asked[0]!.get('creator')).toBe(OTHER_ID);
  });

  it('offers a retry when the board fails to load', async () => {
    let fail = true;
    answer = () => (fail ? apiError(500, { detail: 'boom', code: 'internal' }) : HttpResponse.json(board()));
    renderScreen(<LeaderboardPage />, { path: '/leaderboard' });
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 4000 });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findAllByTestId('board-row')).toHaveLength(3);
  });
});
