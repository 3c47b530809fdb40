import { EXPLORE_LIMITS, EXPLORE_MSG, type ExploreCategory } from '@wyn/contract';
import { useMemo, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { SearchIcon } from '@/components/icons';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useProductName } from '@/lib/queries/app-config';
import { useCurrentUser, useIsAuthenticated } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useExploreComplete } from '../api/get-explore-complete';
import { useExploreSearch } from '../api/search-explore';
import { ActiveFilters } from '../components/active-filters';
import { DiscoverPanel } from '../components/discover-panel';
import { ExploreResults, Pagination } from '../components/explore-results';
import { FilterSheet, type FilterSheetValue } from '../components/filter-sheet';
import { SignedOutPrompt } from '../components/signed-out-prompt';
import {
  cleared,
  EXPLORE_TABS,
  exploreHref,
  filtersForTab,
  fromCategory,
  parseExploreParams,
  searchRequestOf,
  withTab,
  type ExploreState,
  type ExploreTab,
} from '../lib/explore-params';

export function ExplorePage() {
  const signedIn = useIsAuthenticated();
  useDocumentTitle(EXPLORE_MSG.title, useProductName());
  if (!signedIn) return <SignedOutPrompt />;
  return <Explore />;
}

function Explore() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const state = useMemo(() => parseExploreParams(params), [params]);
  const focusSearch = params.get('focus') === 'search';

  const complete = useExploreComplete(true);
  const request = useMemo(() => searchRequestOf(state), [state]);
  const results = useExploreSearch(request, state.active);
  const available = complete.data?.available_filters;

  const go = (next: ExploreState) => void navigate(exploreHref(next));
  const isOwn = (u: { id: string; user: string }) => user !== null && (u.user === user.id || u.id === user.id);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const query = String(new FormData(e.currentTarget).get('q') ?? '');
    go({ ...state, active: true, query: query.trim(), page: 1 });
  }

  const onApply = (v: FilterSheetValue) => go({ ...state, ...v, active: true, page: 1 });
  const onCategory = (c: ExploreCategory) => go(fromCategory(c));
  const onPopular = (term: string) => go({ ...state, active: true, query: term, page: 1 });
  const onTab = (tab: string) => go(withTab(state, tab as ExploreTab, available));
  const sheetFilters = filtersForTab(available, state.tab);

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 pb-6 md:px-6">
      <PageHeader title={EXPLORE_MSG.title} />

      <div className="flex items-center gap-2">
        <form role="search" onSubmit={onSubmit} className="flex min-w-0 flex-1 items-center gap-2">
          <div className="relative min-w-0 flex-1">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3.5 size-4.5 -translate-y-1/2 text-muted-foreground" />
            <Input
              // Remounts with the URL's query, so Back and Clear search show the right text.
              key={`${state.active}:${state.query}`}
              name="q"
              type="search"
              defaultValue={state.query}
              placeholder="Search the community"
              aria-label="Search"
              autoComplete="off"
              enterKeyHint="search"
              maxLength={EXPLORE_LIMITS.queryMax}
              autoFocus={focusSearch}
              className="pl-10"
              data-testid="explore-search-input"
            />
          </div>
          <Button type="submit" className="shrink-0 px-4">
            <span className="hidden sm:inline">Search</span>
            <SearchIcon className="size-4.5 sm:hidden" />
            <span className="sr-only sm:hidden">Search</span>
          </Button>
        </form>
        <FilterSheet
          key={`${state.tab}:${state.sort}:${JSON.stringify(state.filters)}`}
          tab={state.tab}
          available={sheetFilters}
          value={{ sort: state.sort, filters: state.filters }}
          onApply={onApply}
        />
      </div>

      <Tabs value={state.tab} onValueChange={onTab}>
        <TabsList className="w-full md:w-auto" aria-label="Content type">
          {EXPLORE_TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value} className="md:min-w-24">
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={state.tab} className="mt-5 flex flex-col gap-5">
          {state.active ? <ActiveFilters state={state} available={sheetFilters} onChange={go} /> : null}
          {state.active ? (
            <SearchBody state={state} results={results} isOwn={isOwn} onPage={(page) => go({ ...state, page })} />
          ) : complete.isError ? (
            <ErrorState
              title={EXPLORE_MSG.loadFailed}
              description={EXPLORE_MSG.fallback}
              actionLabel={EXPLORE_MSG.tryAgain}
              onAction={() => void complete.refetch()}
            />
          ) : (
            <DiscoverPanel
              // A tab shows its own kind of categories (perk categories on Perks), All shows every one.
              categories={(complete.data?.categories ?? []).filter(
                (c) => state.tab === 'all' || c.content_type === state.tab || c.content_type === 'mixed',
              )}
              popular={complete.data?.popular_searches ?? []}
              loading={complete.isPending}
              onCategory={onCategory}
              onPopular={onPopular}
            />
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}

function SearchBody({
  state,
  results,
  isOwn,
  onPage,
}: {
  state: ExploreState;
  results: ReturnType<typeof useExploreSearch>;
  isOwn: (u: { id: string; user: string }) => boolean;
  onPage: (page: number) => void;
}) {
  if (results.isError && !results.isFetching)
    return (
      <ErrorState
        title={EXPLORE_MSG.searchFailed}
        description={EXPLORE_MSG.fallback}
        actionLabel={EXPLORE_MSG.tryAgain}
        onAction={() => void results.refetch()}
      />
    );
  if (!results.data)
    return (
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2" aria-busy="true" aria-label="Searching">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-20 rounded-2xl" />
        ))}
      </div>
    );
  const data = results.data;
  return (
    <div className="flex flex-col gap-6">
      <ExploreResults
        tab={state.tab}
        data={data}
        clearHref={exploreHref(cleared(state))}
        viewAllHref={(kind) => exploreHref(withTab(state, kind, undefined))}
        isOwn={isOwn}
        stale={results.isPlaceholderData}
      />
      <Pagination
        page={data.page}
        totalPages={data.total_pages}
        hasPrevious={data.has_previous}
        hasNext={data.has_next}
        onPage={onPage}
      />
    </div>
  );
}

export default ExplorePage;
