import { endpoints } from '@wyn/contract/endpoints';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { paginated } from '../../lib/pagination.ts';
import {
  activeCategories,
  createPopularSearchCounter,
  exploreComplete,
  searchAndCount,
  type SearchViews,
} from './explore-screen.service.ts';
import { createViewCache } from '../../lib/view-cache.ts';
import * as svc from './explore.service.ts';

/** Explore under /api/v1/club/: categories, popular searches, filters and search. */
export async function exploreRoutes(app: AppInstance, { deps }: ModuleOptions) {
  const db = deps.database.db;
  const counter = createPopularSearchCounter(deps.now);

  contractRoute(app, endpoints.exploreComplete, async (request) => exploreComplete(db, request.query, request.auth));

  contractRoute(app, endpoints.exploreFilters, async () => svc.availableFilters(db));

  contractRoute(app, endpoints.exploreCategories, async (request) => {
    const page = await activeCategories(db, request.query);
    return paginated(request, deps.config.publicUrl, request.query, page.rows, page.count);
  });

  // Served at popular-searches/top/ and explore/popular_searches/ (the spec client's fallback).
  contractRoute(app, endpoints.popularSearches, async (request) => svc.topPopularSearches(db, request.query.limit));

  // A page of cards is ~10–20 KB: a thousand kept searches at most.
  const searches: SearchViews = createViewCache({ ttlMs: deps.config.hotReadCacheMs, maxEntries: 1_000 });
  contractRoute(app, endpoints.exploreSearch, async (request) =>
    searchAndCount(db, counter, request.body, {
      viewerId: request.auth.userId,
      now: deps.now(),
      log: request.log,
      searches,
    }),
  );
}
