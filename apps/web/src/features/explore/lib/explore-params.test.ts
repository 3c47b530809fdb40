import type { AvailableFilters, ExploreCategory, ExploreFilter } from '@wyn/contract';
import { describe, expect, it } from 'vitest';
import {
  cleared,
  exploreHref,
  filtersForTab,
  fromCategory,
  parseExploreParams,
  searchRequestOf,
  withTab,
} from './explore-params';

const parse = (qs: string) => parseExploreParams(new URLSearchParams(qs));
const filter = (content_type: ExploreFilter['content_type'], name: string, values: string[]): ExploreFilter => ({
  id: `${content_type}-${name}`,
  content_type,
  name,
  display_name: name,
  filter_type: 'checkbox',
  options: values.map((v) => ({ value: v, label: v })),
  order: 0,
});
const available: AvailableFilters = {
  tasks: [filter('tasks', 'task_type', ['join', 'watch']), filter('tasks', 'tags', ['Design'])],
  perks: [filter('perks', 'perk_type', ['discount_code']), filter('perks', 'tags', ['Merch'])],
  users: [filter('users', 'account_type', ['business'])],
};

describe('explore URL state', () => {
  it('is inactive until q is present, and reads tab, page, sort and filters', () => {
    expect(parse('')).toEqual({ tab: 'all', active: false, query: '', page: 1, sort: null, filters: {} });
    expect(parse('tab=bogus&focus=search').tab).toBe('all');
    const s = parse('tab=tasks&q=gard&page=3&sort=-reward_amount&f.task_type=join&f.task_type=watch');
    expect(s).toEqual({
      tab: 'tasks',
      active: true,
      query: 'gard',
      page: 3,
      sort: '-reward_amount',
      filters: { task_type: ['join', 'watch'] },
    });
    // A sort the tab does not have is ignored.
    expect(parse('tab=perks&q=&sort=-reward_amount').sort).toBeNull();
    expect(parse('q=&page=-2').page).toBe(1);
  });

  it('round-trips through the URL', () => {
    const s = parse('tab=perks&q=yoga&page=2&sort=cost_amount&f.tags=Merch');
    expect(parse(exploreHref(s).split('?')[1]!)).toEqual(s);
    expect(exploreHref(cleared(s))).toBe('/explore?tab=perks');
  });

  it('changing tab resets sort and page and drops filters the tab does not know', () => {
    const s = parse('q=x&page=4&sort=created_at&f.tags=Design&f.task_type=join');
    expect(withTab(s, 'perks', available)).toMatchObject({
      tab: 'perks',
      page: 1,
      sort: null,
      query: 'x',
      active: true,
      filters: { tags: ['Design'] },
    });
  });

  it('a category picks the tab, applies its criteria and activates the search', () => {
    const category = (content_type: ExploreCategory['content_type'], filter_criteria: Record<string, unknown>) =>
      ({
        id: 'c',
        title: 'c',
        description: '',
        icon: '',
        content_type,
        filter_criteria,
        order: 1,
        is_active: true,
      }) as ExploreCategory;
    expect(fromCategory(category('tasks', { task_type: ['join', 'start_bot'] }))).toEqual({
      tab: 'tasks',
      active: true,
      query: '',
      page: 1,
      sort: null,
      filters: { task_type: ['join', 'start_bot'] },
    });
    expect(fromCategory(category('users', { ordering: '-followers_count' }))).toMatchObject({
      tab: 'users',
      sort: '-followers_count',
      filters: {},
    });
  });

  it('builds the search body: a single space for an empty query, newest by default, mixed for All', () => {
    expect(searchRequestOf(parse('q='))).toEqual({
      query: ' ',
      content_type: 'mixed',
      filters: {},
      ordering: '-created_at',
      page: 1,
      limit: 20,
    });
    expect(searchRequestOf(parse('tab=users&q=ava&sort=-followers_count'))).toMatchObject({
      query: 'ava',
      content_type: 'users',
      ordering: '-followers_count',
    });
  });

  it('All offers each filter once, merging the options of same-named filters', () => {
    const all = filtersForTab(available, 'all');
    expect(all.map((f) => f.name)).toEqual(['task_type', 'tags', 'perk_type', 'account_type']);
    expect(all.find((f) => f.name === 'tags')!.options.map((o) => o.value)).toEqual(['Design', 'Merch']);
    expect(filtersForTab(available, 'users').map((f) => f.name)).toEqual(['account_type']);
  });
});
