import {
  banner,
  homepageComplete,
  type HomepageComplete,
  homeSectionWithItems,
  pageQuery,
  paginated as paginatedSchema,
  perkCard,
  profileCard,
  questCard,
  topPick,
} from '@wyn/contract';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { paginated } from '../../lib/pagination.ts';
import { createHomepageCache } from './homepage-cache.ts';
import {
  getHomepage,
  listBanners,
  listFeaturedPerks,
  listFeaturedQuests,
  listFeaturedUsers,
  listSections,
  listTopPicks,
} from './home.service.ts';

/** The home screen: one complete read, and the curated lists it is made of. */
export async function homeRoutes(app: AppInstance, { deps }: ModuleOptions) {
  const db = deps.database.db;
  const base = { onRequest: app.authenticate } as const;
  const schema = <T>(response: T) => ({
    tags: ['home'],
    security: [{ bearer: [] }],
    querystring: pageQuery,
    response: { 200: response },
  });

  // Served from a short-lived per-process cache as a ready JSON string (see homepage-cache.ts); the
  // contract schema still documents the response and validates it when it is computed.
  const homepage = createHomepageCache(() => getHomepage(db, deps.now()));
  app.get(
    '/homepage/complete/',
    { ...base, schema: { tags: ['home'], security: [{ bearer: [] }], response: { 200: homepageComplete } } },
    async (_request, reply) =>
      // A JSON string is sent as it is (the route's serializer only runs for objects).
      reply.type('application/json; charset=utf-8').send((await homepage.get()) as unknown as HomepageComplete),
  );

  app.get('/slider-banners/', { ...base, schema: schema(paginatedSchema(banner)) }, async (request) => {
    const page = await listBanners(db, request.query);
    return paginated(request, deps.config.publicUrl, request.query, page.rows, page.count);
  });

  app.get(
    '/homepage-sections/',
    { ...base, schema: schema(paginatedSchema(homeSectionWithItems)) },
    async (request) => {
      const page = await listSections(db, deps.now(), request.query);
      return paginated(request, deps.config.publicUrl, request.query, page.rows, page.count);
    },
  );

  app.get('/top-picks/', { ...base, schema: schema(paginatedSchema(topPick)) }, async (request) => {
    const page = await listTopPicks(db, deps.now(), request.query);
    return paginated(request, deps.config.publicUrl, request.query, page.rows, page.count);
  });

  app.get('/featured-quests/', { ...base, schema: schema(paginatedSchema(questCard)) }, async (request) => {
    const page = await listFeaturedQuests(db, deps.now(), request.query);
    return paginated(request, deps.config.publicUrl, request.query, page.rows, page.count);
  });

  app.get('/featured-perks/', { ...base, schema: schema(paginatedSchema(perkCard)) }, async (request) => {
    const page = await listFeaturedPerks(db, request.query);
    return paginated(request, deps.config.publicUrl, request.query, page.rows, page.count);
  });

  app.get('/featured-users/', { ...base, schema: schema(paginatedSchema(profileCard)) }, async (request) => {
    const page = await listFeaturedUsers(db, request.query);
    return paginated(request, deps.config.publicUrl, request.query, page.rows, page.count);
  });
}
