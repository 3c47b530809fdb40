import type { ExploreComplete, exploreCompleteQuery, ParsedSearchRequest, SearchResponse } from '@wyn/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Log } from '../../lib/log.ts';
import {
  availableFilters,
  countSearch,
  listCategories,
  popularTerm,
  search,
  topPopularSearches,
} from './explore.service.ts';
import { createSearchCounterGate } from './search-counter.ts';
import { EXPLORE_TAG } from './search-cache.ts';
import { viewKey, type ViewCache } from '../../lib/view-cache.ts';

/** The explore screen's calls that do more than one read: the screen in one answer, and a counted search. */

/** `GET explore/complete/`: categories (inactive ones too for staff who ask), popular searches and the filters. */
export async function exploreComplete(
  db: DbOrTx,
  q: z.output<typeof exploreCompleteQuery>,
  viewer: { isStaff: boolean },
): Promise<ExploreComplete> {
  const [categories, popular, filters] = await Promise.all([
    listCategories(db, {
      includeInactive: q.include_inactive && viewer.isStaff,
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
    }),
    topPopularSearches(db, 10),
    availableFilters(db),
  ]);
  return { categories: categories.rows, popular_searches: popular, available_filters: filters };
}

/** `GET explore-categories/`: a page of the active categories. */
export function activeCategories(db: DbOrTx, q: { page: number; page_size: number }) {
  return listCategories(db, { includeInactive: false, limit: q.page_size, offset: (q.page - 1) * q.page_size });
}

/**
 * A member's searches answered from memory (lib/view-cache.ts): kept under the member and `EXPLORE_TAG`, which the
 * explore search cache consumer touches for every change to what search finds or its cards show.
 */
export type SearchViews = ViewCache<Awaited<ReturnType<typeof search>>>;

export type PopularSearchCounter = ReturnType<typeof createSearchCounterGate>;

/** One per process: which (member, term) pairs were counted within the last ten minutes. */
export function createPopularSearchCounter(now: () => Date): PopularSearchCounter {
  return createSearchCounterGate({ windowMs: 10 * 60_000, maxEntries: 10_000, now: () => now().getTime() });
}

/**
 * `POST explore/search/`, counted towards popular searches when it was a real search: page 1, a non-blank term
 * that found something as written (a typo that only found near misses is not), once per member and term within
 * the counter's window. A failed count is logged and the search answered all the same.
 */
export async function searchAndCount(
  db: Db,
  counter: PopularSearchCounter,
  body: ParsedSearchRequest,
  ctx: { viewerId: string; now: Date; log: Log; searches?: SearchViews },
): Promise<SearchResponse> {
  const read = () => search(db, body, { viewerId: ctx.viewerId, now: ctx.now });
  const { response, exact } = ctx.searches
    ? await ctx.searches.get(viewKey(ctx.viewerId, body), [EXPLORE_TAG, ctx.viewerId], read)
    : await read();
  const term = popularTerm(body.query);
  if (body.page === 1 && term && exact && counter.shouldCount(ctx.viewerId, term)) {
    try {
      await countSearch(db, term);
    } catch (err) {
      ctx.log.warn({ err }, 'counting a popular search failed');
    }
  }
  return response;
}
