import { endpoints } from '@wyn/contract/endpoints';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { questAnalytics } from './quest-analytics.service.ts';
import { questDuplicate } from './quest-duplicate.service.ts';

/** Creator tools for quests (issue #15 items 12, 13): the duplicate as a create body, and analytics. */
export async function questCreatorToolsRoutes(app: AppInstance, { deps }: ModuleOptions) {
  const db = deps.database.db;
  contractRoute(app, endpoints.questDuplicate, async (request) =>
    questDuplicate(db, request.params.id, request.auth.userId, deps.now()),
  );
  contractRoute(app, endpoints.questAnalytics, async (request) =>
    questAnalytics(db, request.params.id, request.auth.userId, request.query.days, deps.now()),
  );
}
