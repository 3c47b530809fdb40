import type { SearchResponse } from '@wyn/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { perk, profileCard, quest } from '@/testing/fixtures';
import { renderScreen } from '@/testing/render';
import { ExploreResults } from './explore-results';

const tag = (n: number) => ({ id: `00000000-0000-4000-8000-00000000000${n}`, name: `tag${n}` });

function response(extra: Partial<SearchResponse['content_results']> = {}): SearchResponse {
  const content_results = { tasks: [], perks: [], users: [], ...extra };
  return {
    content_results,
    counts: {
      tasks: content_results.tasks.length,
      perks: content_results.perks.length,
      users: content_results.users.length,
    },
    total_results: 0,
    page: 1,
    total_pages: 1,
    has_next: false,
    has_previous: false,
  };
}

const common = {
  clearHref: '/explore?tab=tasks',
  viewAllHref: (k: string) => `/explore?tab=${k}&q=x`,
  isOwn: () => false,
  stale: false,
};

describe('ExploreResults', () => {
  it('shows each kind with View all in All, and at most two tags plus +N on a card', () => {
    renderScreen(
      <ExploreResults
        tab="all"
        data={response({
          tasks: [quest('q1', { title: 'Garden party', tags: [tag(1), tag(2), tag(3), tag(4)] })],
          perks: [perk('p1', { title: 'Yoga pass', tags: [tag(5)] })],
        })}
        {...common}
      />,
      { path: '/explore?q=x' },
    );
    const quests = screen.getByRole('region', { name: 'Quests' });
    expect(within(quests).getByRole('link', { name: 'View all quests' }).getAttribute('href')).toBe(
      '/explore?tab=tasks&q=x',
    );
    const tags = within(quests).getByTestId('card-tags');
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['#tag1', '#tag2', '+2']);
    expect(screen.getByRole('region', { name: 'Perks' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Users' })).toBeNull();
    expect(screen.getByRole('link', { name: /Garden party/ }).getAttribute('href')).toBe('/quest/q1');
  });

  it.each([
    ['all', 'No results found'],
    ['tasks', 'No quests found'],
    ['perks', 'No perks found'],
    ['users', 'No users found'],
  ] as const)('on %s with nothing found says "%s" and offers Clear search', (tab, title) => {
    renderScreen(<ExploreResults tab={tab} data={response()} {...common} />, { path: '/explore?q=x' });
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Clear search' }).getAttribute('href')).toBe('/explore?tab=tasks');
  });

  it('links user cards to their profile', () => {
    renderScreen(
      <ExploreResults
        tab="users"
        data={response({ users: [profileCard('u1', { display_name: 'Ava Martins' })] })}
        {...common}
      />,
      { path: '/explore?tab=users&q=ava' },
    );
    expect(screen.getByRole('link', { name: /Ava Martins/ }).getAttribute('href')).toBe('/profile/u1');
  });
});
