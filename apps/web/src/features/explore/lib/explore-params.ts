import {
  EXPLORE_LIMITS,
  type AvailableFilters,
  type ExploreCategory,
  type ExploreFilter,
  type SearchRequest,
} from '@wyn/contract';

/**
 * Explore's state lives in the URL so Back and shared links work: `tab`, `q` (present once a search is
 * active, even when blank: "browse everything"), `page`, `sort` and one `f.<filter>` per filter value.
 */

export type ExploreTab = 'all' | 'tasks' | 'perks' | 'users';
export const EXPLORE_TABS: ReadonlyArray<{ value: ExploreTab; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'tasks', label: 'Quests' },
  { value: 'perks', label: 'Perks' },
  { value: 'users', label: 'Users' },
];

/** Sort choices per tab (docs/spec/02-explore-details-wallet-social.md §9); the first is the default ("newest"). */
export const SORT_OPTIONS: Record<ExploreTab, ReadonlyArray<{ value: string; label: string }>> = {
  all: [
    { value: '-created_at', label: 'Newest' },
    { value: 'created_at', label: 'Oldest' },
  ],
  tasks: [
    { value: '-created_at', label: 'Newest' },
    { value: 'created_at', label: 'Oldest' },
    { value: '-reward_amount', label: 'Highest reward' },
  ],
  perks: [
    { value: '-created_at', label: 'Newest' },
    { value: 'created_at', label: 'Oldest' },
    { value: '-cost_amount', label: 'Highest cost' },
    { value: 'cost_amount', label: 'Lowest cost' },
  ],
  users: [
    { value: '-created_at', label: 'Recent' },
    { value: '-followers_count', label: 'Popular' },
  ],
};

export type ExploreFilters = Record<string, string[]>;

export interface ExploreState {
  tab: ExploreTab;
  /** A search is active after a query, filter apply, category click or popular-search click. */
  active: boolean;
  query: string;
  page: number;
  /** null: the tab's default (newest). */
  sort: string | null;
  filters: ExploreFilters;
}

const FILTER_PREFIX = 'f.';

function isTab(v: string | null): v is Exclude<ExploreTab, 'all'> {
  return v === 'tasks' || v === 'perks' || v === 'users';
}

export function parseExploreParams(params: URLSearchParams): ExploreState {
  const rawTab = params.get('tab');
  const tab: ExploreTab = isTab(rawTab) ? rawTab : 'all';
  const page = Number(params.get('page'));
  const sort = params.get('sort');
  const filters: ExploreFilters = {};
  for (const [key, value] of params) {
    if (!key.startsWith(FILTER_PREFIX) || !value) continue;
    const name = key.slice(FILTER_PREFIX.length);
    if (!name) continue;
    const list = (filters[name] ??= []);
    if (!list.includes(value)) list.push(value);
  }
  return {
    tab,
    active: params.has('q'),
    query: params.get('q') ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
    sort: sort && SORT_OPTIONS[tab].some((o) => o.value === sort) ? sort : null,
    filters,
  };
}

export function toExploreParams(state: ExploreState): URLSearchParams {
  const p = new URLSearchParams();
  if (state.tab !== 'all') p.set('tab', state.tab);
  if (state.active) p.set('q', state.query);
  if (state.active && state.page > 1) p.set('page', String(state.page));
  if (state.active && state.sort) p.set('sort', state.sort);
  if (state.active)
    for (const name of Object.keys(state.filters).sort())
      for (const v of state.filters[name] ?? []) p.append(`${FILTER_PREFIX}${name}`, v);
  return p;
}

export function exploreHref(state: ExploreState): string {
  const s = toExploreParams(state).toString();
  return s ? `/explore?${s}` : '/explore';
}

export const hasFilters = (f: ExploreFilters) => Object.values(f).some((v) => v.length > 0);

/** The filters the sheet offers on a tab; All offers every filter once (a tags filter covers quests and perks). */
export function filtersForTab(available: AvailableFilters | undefined, tab: ExploreTab): ExploreFilter[] {
  if (!available) return [];
  if (tab !== 'all') return available[tab];
  const byName = new Map<string, ExploreFilter>();
  for (const f of [...available.tasks, ...available.perks, ...available.users]) {
    const seen = byName.get(f.name);
    if (!seen) byName.set(f.name, { ...f, options: [...f.options] });
    else for (const o of f.options) if (!seen.options.some((x) => x.value === o.value)) seen.options.push(o);
  }
  return [...byName.values()];
}

/** Changing tab resets sort to newest and page to 1; filters the new tab does not know are dropped. */
export function withTab(state: ExploreState, tab: ExploreTab, available: AvailableFilters | undefined): ExploreState {
  const known = new Set(filtersForTab(available, tab).map((f) => f.name));
  const filters: ExploreFilters = {};
  for (const [name, values] of Object.entries(state.filters)) if (!available || known.has(name)) filters[name] = values;
  return { ...state, tab, sort: null, page: 1, filters };
}

/** Clear search: back to categories and popular searches, on the same tab. */
export function cleared(state: ExploreState): ExploreState {
  return { tab: state.tab, active: false, query: '', page: 1, sort: null, filters: {} };
}

/** A category: its content type picks the tab; its criteria become filters (and `ordering` the sort). */
export function fromCategory(category: ExploreCategory): ExploreState {
  const tab: ExploreTab = isTab(category.content_type) ? category.content_type : 'all';
  const filters: ExploreFilters = {};
  let sort: string | null = null;
  for (const [key, raw] of Object.entries(category.filter_criteria ?? {})) {
    if (key === 'ordering') {
      if (typeof raw === 'string' && SORT_OPTIONS[tab].some((o) => o.value === raw)) sort = raw;
      continue;
    }
    const values = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string | number | boolean =>
      ['string', 'number', 'boolean'].includes(typeof v),
    );
    if (values.length) filters[key] = values.map(String);
  }
  return { tab, active: true, query: '', page: 1, sort, filters };
}

export const contentTypeOf = (tab: ExploreTab) => (tab === 'all' ? 'mixed' : tab);

/** The body of POST explore/search/ (the spec sends a single space for an empty query). */
export function searchRequestOf(state: ExploreState): SearchRequest {
  return {
    query: state.query.trim() || ' ',
    content_type: contentTypeOf(state.tab),
    filters: state.filters,
    ordering: state.sort ?? SORT_OPTIONS[state.tab][0]!.value,
    page: state.page,
    limit: EXPLORE_LIMITS.pageSize,
  };
}
