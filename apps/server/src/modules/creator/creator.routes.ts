import { endpoints } from '@wyn/contract/endpoints';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { creatorSummary } from './creator-summary.service.ts';

/** A creator's view across their own quests and perks, under /api/v1/club/creator/. */
export async function creatorRoutes(app: AppInstance, { deps }: ModuleOptions) {
  const db = deps.database.db;
  contractRoute(app, endpoints.creatorSummary, async (request) =>
    creatorSummary(db, request.auth.userId, request.query.days, deps.now()),
  );
}
