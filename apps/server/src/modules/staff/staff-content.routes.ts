import { endpoints } from '@wyn/contract/endpoints';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { paginated } from '../../lib/pagination.ts';
import { createBanner, deleteBanner, listStaffBanners, updateBanner } from './staff-banners.service.ts';
import { createCategory, deleteCategory, listStaffCategories, updateCategory } from './staff-categories.service.ts';
import {
  createSection,
  deleteSection,
  listFeatured,
  listStaffSections,
  setFeatured,
  setSectionItems,
  updateSection,
} from './staff-home-sections.service.ts';
import {
  createPopularSearch,
  deletePopularSearch,
  listStaffPopularSearches,
  updatePopularSearch,
} from './staff-popular-searches.service.ts';

/**
 * Staff content (issue #15 items 1–3): banners, home sections and featured items, explore categories and
 * popular searches. The guard (auth 'staff') runs first; each change writes one audit entry.
 */
export async function staffContentRoutes(app: AppInstance, { deps }: ModuleOptions) {
  const db = deps.database.db;
  const publicUrl = deps.config.publicUrl;

  // -- banners ------------------------------------------------------------------------------------------
  contractRoute(app, endpoints.staffBannerList, async (request) => {
    const page = await listStaffBanners(db, deps.now(), request.query);
    return paginated(request, publicUrl, request.query, page.rows, page.count);
  });
  contractRoute(app, endpoints.staffBannerCreate, async (request, reply) =>
    reply.status(201).send(await createBanner(db, request.auth.userId, deps.now(), request.body)),
  );
  contractRoute(app, endpoints.staffBannerUpdate, async (request) =>
    updateBanner(db, request.auth.userId, deps.now(), request.params.id, request.body),
  );
  contractRoute(app, endpoints.staffBannerDelete, async (request, reply) => {
    await deleteBanner(db, request.auth.userId, request.params.id);
    return reply.status(204).send();
  });

  // -- home sections and featured items ----------------------------------------------------------------
  contractRoute(app, endpoints.staffHomeSectionList, async (request) => {
    const page = await listStaffSections(db, deps.now(), request.query);
    return paginated(request, publicUrl, request.query, page.rows, page.count);
  });
  contractRoute(app, endpoints.staffHomeSectionCreate, async (request, reply) =>
    reply.status(201).send(await createSection(db, request.auth.userId, deps.now(), request.body)),
  );
  contractRoute(app, endpoints.staffHomeSectionUpdate, async (request) =>
    updateSection(db, request.auth.userId, deps.now(), request.params.id, request.body),
  );
  contractRoute(app, endpoints.staffHomeSectionDelete, async (request, reply) => {
    await deleteSection(db, request.auth.userId, request.params.id);
    return reply.status(204).send();
  });
  contractRoute(app, endpoints.staffHomeSectionItems, async (request) =>
    setSectionItems(db, request.auth.userId, deps.now(), request.params.id, request.body.item_ids),
  );
  contractRoute(app, endpoints.staffFeaturedList, async (request) =>
    listFeatured(db, deps.now(), request.query.placement),
  );
  contractRoute(app, endpoints.staffFeaturedPut, async (request) =>
    setFeatured(db, request.auth.userId, deps.now(), request.body.placement, request.body.items),
  );

  // -- explore categories ---------------------------------------------------------------------------------
  contractRoute(app, endpoints.staffCategoryList, async (request) => {
    const page = await listStaffCategories(db, request.query);
    return paginated(request, publicUrl, request.query, page.rows, page.count);
  });
  contractRoute(app, endpoints.staffCategoryCreate, async (request, reply) =>
    reply.status(201).send(await createCategory(db, request.auth.userId, request.body)),
  );
  contractRoute(app, endpoints.staffCategoryUpdate, async (request) =>
    updateCategory(db, request.auth.userId, request.params.id, request.body),
  );
  contractRoute(app, endpoints.staffCategoryDelete, async (request, reply) => {
    await deleteCategory(db, request.auth.userId, request.params.id);
    return reply.status(204).send();
  });

  // -- popular searches -----------------------------------------------------------------------------------
  contractRoute(app, endpoints.staffPopularSearchList, async (request) => {
    const page = await listStaffPopularSearches(db, request.query);
    return paginated(request, publicUrl, request.query, page.rows, page.count);
  });
  contractRoute(app, endpoints.staffPopularSearchCreate, async (request, reply) =>
    reply.status(201).send(await createPopularSearch(db, request.auth.userId, request.body)),
  );
  contractRoute(app, endpoints.staffPopularSearchUpdate, async (request) =>
    updatePopularSearch(db, request.auth.userId, request.params.id, request.body),
  );
  contractRoute(app, endpoints.staffPopularSearchDelete, async (request, reply) => {
    await deletePopularSearch(db, request.auth.userId, request.params.id);
    return reply.status(204).send();
  });
}
