import type { ExploreComplete, SearchResponse } from '@wyn/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authSession } from '@/lib/session';
import { jsonResponse, quest, user } from '@/testing/fixtures';
import { appConfig } from '@/testing/msw/account-handlers';
import { routes } from '@/testing/msw/api';
import { renderScreen } from '@/testing/render';
import { ExplorePage } from './explore-page';

const complete: ExploreComplete = {
  categories: [
    {
      id: 'cccccccc-0000-4000-8000-000000000001',
      title: 'Telegram quests',
      description: 'Join channels.',
      icon: '📣',
      content_type: 'tasks',
      filter_criteria: { task_type: ['join'] },
      order: 1,
      is_active: true,
    },
  ],
  popular_searches: [
    { id: 'dddddddd-0000-4000-8000-000000000001', search_term: 'design', is_promoted: true, search_count: 3 },
  ],
  available_filters: { tasks: [], perks: [], users: [] },
};
const found: SearchResponse = {
  content_results: {
    tasks: [quest('eeeeeeee-0000-4000-8000-000000000001', { title: 'Join the Design Club' })],
    perks: [],
    users: [],
  },
  counts: { tasks: 1, perks: 0, users: 0 },
  total_results: 1,
  page: 1,
  total_pages: 1,
  has_next: false,
  has_previous: false,
};
const bad = () => Promise.resolve(jsonResponse({ detail: 'Nope.', code: 'invalid' }, 400));

/** The screen's calls by path fragment, and the public configuration; anything else fails the test. */
const stubApi = (map: Record<string, object>) => routes({ ...map, 'bot/config/': appConfig });

afterEach(() => {
  authSession.clear();
});

describe('ExplorePage signed out', () => {
  it('asks to sign in, with Sign In and Create Account', () => {
    renderScreen(<ExplorePage />, { path: '/explore' });
    expect(screen.getByRole('heading', { name: 'Sign in to explore' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Create Account' }).getAttribute('href')).toBe('/register');
  });
});

describe('ExplorePage', () => {
  beforeEach(() => authSession.signIn({ access: 'a', refresh: 'r', access_expires_at: '2099-01-01T00:00:00Z', user }));

  it('shows categories and popular searches, and a category click searches with its filters', async () => {
    const calls = stubApi({ 'club/explore/complete/': complete, 'club/explore/search/': found });
    renderScreen(<ExplorePage />, { path: '/explore?focus=search' });
    expect(await screen.findByRole('button', { name: /Telegram quests/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /design/ })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search' }));

    fireEvent.click(screen.getByRole('button', { name: /Telegram quests/ }));
    expect(await screen.findByText('Join the Design Club')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/explore?tab=tasks&q=&f.task_type=join');
    const search = calls.find((c) => c.url.includes('explore/search/'));
    expect(search?.body).toEqual({
      query: ' ',
      content_type: 'tasks',
      filters: { task_type: ['join'] },
      ordering: '-created_at',
      page: 1,
      limit: 20,
    });
  });

  it('shows the categories of the tab: perk categories on Perks, all of them on All (issue #14 item 20)', async () => {
    const perkCategory = {
      ...complete.categories[0]!,
      id: 'cccccccc-0000-4000-8000-000000000002',
      title: 'Exclusive content',
      content_type: 'perks' as const,
      filter_criteria: { perk_type: ['exclusive_content'] },
    };
    stubApi({ 'club/explore/complete/': { ...complete, categories: [...complete.categories, perkCategory] } });
    renderScreen(<ExplorePage />, { path: '/explore?tab=perks' });
    expect(await screen.findByRole('button', { name: /Exclusive content/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Telegram quests/ })).toBeNull();
  });

  it('shows the load error with Try Again', async () => {
    stubApi({ 'club/explore/complete/': bad });
    renderScreen(<ExplorePage />, { path: '/explore' });
    expect(await screen.findByText('Failed to load explore page data. Please try again.')).toBeTruthy();
    stubApi({ 'club/explore/complete/': complete });
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: /Telegram quests/ })).toBeTruthy();
  });

  it('shows the search error with Try Again', async () => {
    stubApi({ 'club/explore/complete/': complete, 'club/explore/search/': bad });
    renderScreen(<ExplorePage />, { path: '/explore?q=design' });
    expect(await screen.findByText('Failed to perform search. Please try again.')).toBeTruthy();
    stubApi({ 'club/explore/complete/': complete, 'club/explore/search/': found });
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getByText('Join the Design Club')).toBeTruthy());
  });
});
