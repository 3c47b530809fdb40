import type { HomepageComplete } from '@wyn/contract';
import { endpoints } from '@wyn/contract/endpoints';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { contractRoute } from '../../lib/contract-route.ts';
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
  const publicUrl = deps.config.publicUrl;

  // Served from a short-lived per-process cache as a ready JSON string (see homepage-cache.ts); the
  // contract schema still documents the response and validates it when it is computed.
  const homepage = createHomepageCache(() => getHomepage(db, deps.now()));
  contractRoute(app, endpoints.homepage, async (_request, reply) =>
    // A JSON string is sent as it is (the route's serializer only runs for objects).
    reply.type('application/json; charset=utf-8').send((await homepage.get()) as unknown as HomepageComplete),
  );

  contractRoute(app, endpoints.homeBanners, async (request) => {
    const page = await listBanners(db, deps.now(), request.query);
    return paginated(request, publicUrl, request.query, page.rows, page.count);
  });

  contractRoute(app, endpoints.homeSections, async (request) => {
    const page = await listSections(db, deps.now(), request.query);
    return paginated(request, publicUrl, request.query, page.rows, page.count);
  });

  contractRoute(app, endpoints.homeTopPicks, async (request) => {
    const page = await listTopPicks(db, deps.now(), request.query);
    return paginated(request, publicUrl, request.query, page.rows, page.count);
  });

  contractRoute(app, endpoints.homeFeaturedQuests, async (request) => {
    const page = await listFeaturedQuests(db, deps.now(), request.query);
    return paginated(request, publicUrl, request.query, page.rows, page.count);
  });

  contractRoute(app, endpoints.homeFeaturedPerks, async (request) => {
    const page = await listFeaturedPerks(db, request.query);
    return paginated(request, publicUrl, request.query, page.rows, page.count);
  });

  contractRoute(app, endpoints.homeFeaturedUsers, async (request) => {
    const page = await listFeaturedUsers(db, request.query);
    return paginated(request, publicUrl, request.query, page.rows, page.count);
  });
}
