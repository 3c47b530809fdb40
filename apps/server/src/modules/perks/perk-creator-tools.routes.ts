import { endpoints } from '@wyn/contract/endpoints';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { perkAnalytics } from './perk-analytics.service.ts';
import { perkDuplicate } from './perk-duplicate.service.ts';

/** Creator tools for perks (issue #15 items 12, 13): the duplicate as a create body, and analytics. */
export async function perkCreatorToolsRoutes(app: AppInstance, { deps }: ModuleOptions) {
  const db = deps.database.db;
  contractRoute(app, endpoints.perkDuplicate, async (request) =>
    perkDuplicate(db, request.params.id, request.auth.userId, deps.now()),
  );
  contractRoute(app, endpoints.perkAnalytics, async (request) =>
    perkAnalytics(db, request.params.id, request.auth.userId, request.query.days, deps.now()),
  );
}
