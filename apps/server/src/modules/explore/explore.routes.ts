import {
  availableFilters,
  exploreCategory,
  exploreComplete,
  exploreCompleteQuery,
  pageQuery,
  paginated as paginatedSchema,
  popularSearch,
  popularTopQuery,
  searchRequest,
  searchResponse,
} from '@wyn/contract';
import { z } from 'zod';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { paginated } from '../../lib/pagination.ts';
import * as svc from './explore.service.ts';
import { createSearchCounterGate } from './search-counter.ts';

/** Explore under /api/v1/club/: categories, popular searches, filters and search. */
export async function exploreRoutes(app: AppInstance, { deps }: ModuleOptions) {
  const db = deps.database.db;
  const security = [{ bearer: [] }];
  const tags = ['explore'];
  const auth = { onRequest: app.authenticate };
  const counter = createSearchCounterGate({
    windowMs: 10 * 60_000,
    maxEntries: 10_000,
    now: () => deps.now().getTime(),
  });

  app.get(
    '/explore/complete/',
    { ...auth, schema: { tags, security, querystring: exploreCompleteQuery, response: { 200: exploreComplete } } },
    async (request) => {
      const q = request.query;
      const [categories, popular, filters] = await Promise.all([
        svc.listCategories(db, {
          includeInactive: q.include_inactive && request.auth.isStaff,
          limit: q.limit,
          offset: (q.page - 1) * q.limit,
        }),
        svc.topPopularSearches(db, 10),
        svc.availableFilters(db),
      ]);
      return { categories: categories.rows, popular_searches: popular, available_filters: filters };
    },
  );

  app.get(
    '/explore-filters/all_by_content_type/',
    { ...auth, schema: { tags, security, response: { 200: availableFilters } } },
    async () => svc.availableFilters(db),
  );

  app.get(
    '/explore-categories/',
    {
      ...auth,
      schema: { tags, security, querystring: pageQuery, response: { 200: paginatedSchema(exploreCategory) } },
    },
    async (request) => {
      const q = request.query;
      const page = await svc.listCategories(db, {
        includeInactive: false,
        limit: q.page_size,
        offset: (q.page - 1) * q.page_size,
      });
      return paginated(request, deps.config.publicUrl, q, page.rows, page.count);
    },
  );

  // The spec's client falls back to explore/popular_searches/; both answer the same.
  for (const path of ['/popular-searches/top/', '/explore/popular_searches/']) {
    app.get(
      path,
      { ...auth, schema: { tags, security, querystring: popularTopQuery, response: { 200: z.array(popularSearch) } } },
      async (request) => svc.topPopularSearches(db, request.query.limit),
    );
  }

  app.post(
    '/explore/search/',
    { ...auth, schema: { tags, security, body: searchRequest, response: { 200: searchResponse } } },
    async (request) => {
      const body = request.body;
      const { response, exact } = await svc.search(db, body, { viewerId: request.auth.userId, now: deps.now() });
      // Counted from real searches: page 1, a non-blank term that found something as written (a typo that
      // only found near misses is not), once per member and term within the gate's window.
      const term = svc.popularTerm(body.query);
      if (body.page === 1 && term && exact && counter.shouldCount(request.auth.userId, term)) {
        try {
          await svc.countSearch(db, term);
        } catch (err) {
          request.log.warn({ err }, 'counting a popular search failed');
        }
      }
      return response;
    },
  );
}
