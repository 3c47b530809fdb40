import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { routes } from '@/testing/msw/api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { authSession } from '@/lib/session';
import { homepage, OTHER_ID, perk, profile, profileCard, quest, user, USER_ID } from '@/testing/fixtures';
import { HomePage } from './home-page';

const Q1 = 'aaaaaaaa-0000-4000-8000-000000000001';
const Q2 = 'aaaaaaaa-0000-4000-8000-000000000002';
const P1 = 'bbbbbbbb-0000-4000-8000-000000000001';
const S1 = 'dddddddd-0000-4000-8000-000000000001';
const S2 = 'dddddddd-0000-4000-8000-000000000002';
const S3 = 'dddddddd-0000-4000-8000-000000000003';

const stubApi = routes;

function renderHome() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/home']}>
        <HomePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const common = {
  'club/wallets/my_wallet/': { id: USER_ID, user: USER_ID, balance: '125.99' },
  'club/profiles/me/': profile,
  'bot/config/': { product_name: 'Wyn', telegram_bot_username: null, telegram_bot_id: null, welcome_bonus: '100.00' },
  // No season scheduled: the season card stays away (features/seasons tests it).
  'club/seasons/current/': { season: null, top: [], me: null },
};

describe('HomePage', () => {
  beforeEach(() => authSession.signIn({ access: 'a', refresh: 'r', access_expires_at: '2099-01-01T00:00:00Z', user }));
  afterEach(() => {
    authSession.clear();
  });

  it('shows the welcome card, balance, badge, lists, top users and the banner slider last', async () => {
    stubApi({
      ...common,
      'club/notifications/': { results: [], count: 12, next: null, previous: null, unread_count: 12 },
      'club/homepage/complete/': homepage({
        banner_sliders: [
          {
            id: 'cccccccc-0000-4000-8000-000000000001',
            title: 'Season 1',
            description: null,
            image_url: '/x.png',
            link: null,
            order: 1,
          },
        ],
        sections: [
          { id: S1, title: 'Quests', section_type: 'task_carousel', order: 1 },
          { id: S2, title: 'Perks', section_type: 'perk_carousel', order: 2 },
          { id: S3, title: 'Users', section_type: 'user_carousel', order: 3 },
        ],
        task_carousels: { [S1]: [quest(Q1), quest(Q2, { title: '' }), quest(Q1)] },
        perk_carousels: { [S2]: [perk(P1, { title: '' })] },
        user_carousels: {
          [S3]: [profileCard(USER_ID, { display_name: 'Ana Ng' }), profileCard(OTHER_ID, { display_name: 'Bo' })],
        },
      }),
    });
    renderHome();

    // loading: two placeholders per list
    expect(within(screen.getByTestId('quests-loading')).getAllByTestId('skeleton')).toHaveLength(2);
    expect(within(screen.getByTestId('perks-loading')).getAllByTestId('skeleton')).toHaveLength(2);

    const title = await screen.findByTestId('welcome-title');
    expect(title.textContent).toContain('Welcome back');
    expect(title.textContent).toContain('Ana Ng');

    const tile = screen.getByTestId('balance-tile');
    expect(tile.getAttribute('href')).toBe('/wallet');
    expect(await within(tile).findByText('125 W')).toBeTruthy();

    expect((await screen.findByTestId('notification-badge')).textContent).toBe('9+');
    expect(screen.getByRole('link', { name: 'Notifications, 12 unread' }).getAttribute('href')).toBe('/notifications');
    expect(screen.getByRole('link', { name: 'Messages' }).getAttribute('href')).toBe('/messages');
    expect(screen.getByRole('link', { name: 'Search' }).getAttribute('href')).toBe('/explore?focus=search');

    const quests = await screen.findAllByTestId('quest-card');
    expect(quests.map((q) => q.getAttribute('href'))).toEqual([`/quest/${Q1}`, `/quest/${Q2}`]);
    expect(quests[1]!.textContent).toContain('Untitled Quest');
    expect(quests[0]!.textContent).toContain('+50 W');

    const perks = screen.getAllByTestId('perk-card');
    expect(perks[0]!.getAttribute('href')).toBe(`/perk/${P1}`);
    expect(perks[0]!.textContent).toContain('Untitled Perk');
    expect(perks[0]!.textContent).toContain('25 W');

    const cards = screen.getAllByTestId('profile-card');
    expect(cards[0]!.tagName).not.toBe('A');
    expect(within(cards[0]!).getByText('You')).toBeTruthy();
    expect(cards[1]!.getAttribute('href')).toBe(`/profile/${OTHER_ID}`);

    for (const name of ['View all quests', 'View all perks']) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe('/explore');
    }
    // Top users lead to the leaderboard (issue #16 item 4).
    expect(screen.getByRole('link', { name: 'View all on the leaderboard' }).getAttribute('href')).toBe('/leaderboard');

    // the banner slider comes last
    const slider = screen.getByTestId('banner-slider');
    const sections = [screen.getByTestId('featured-quests'), screen.getByTestId('top-users'), slider];
    expect(sections[0]!.compareDocumentPosition(slider) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(sections[1]!.compareDocumentPosition(slider) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows the empty states, and Top Users with only the leaderboard link without user sections', async () => {
    stubApi({
      ...common,
      'club/notifications/': { results: [], count: 0, next: null, previous: null, unread_count: 0 },
      'club/homepage/complete/': homepage(),
    });
    renderHome();
    expect(await screen.findByText('No quests available')).toBeTruthy();
    expect(screen.getByText('Explore our community or create your own quest!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create Quest' }).getAttribute('href')).toBe('/create');
    expect(screen.getByText('No perks available')).toBeTruthy();
    expect(screen.getByText('Explore our community to discover perks!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explore Perks' }).getAttribute('href')).toBe('/explore');
    // The leaderboard stays one tap away (issue #16 item 4); no members' carousel.
    const top = screen.getByTestId('top-users');
    expect(within(top).getByRole('link', { name: 'View all on the leaderboard' }).getAttribute('href')).toBe(
      '/leaderboard',
    );
    expect(within(top).queryAllByTestId('profile-card')).toHaveLength(0);
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    expect(screen.queryByTestId('banner-slider')).toBeNull();
  });

  it('welcomes to the product when the member has no name', async () => {
    authSession.setUser({ ...user, first_name: '', last_name: '', username: null });
    stubApi({
      ...common,
      'club/notifications/': { results: [], count: 0, next: null, previous: null, unread_count: 0 },
      'club/homepage/complete/': homepage(),
    });
    renderHome();
    expect((await screen.findByTestId('welcome-title')).textContent).toBe('Welcome to Wyn');
  });
});
