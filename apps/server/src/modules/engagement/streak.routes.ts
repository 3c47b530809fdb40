import { endpoints } from '@wyn/contract/endpoints';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { checkIn, getStreak, repairStreak } from './streak.service.ts';

/** The daily streak under /api/v1/club/streak/ (issue #16 items 5–6). */
export async function streakRoutes(app: AppInstance, { deps }: ModuleOptions) {
  const db = deps.database.db;
  const cfg = deps.config.streak;
  contractRoute(app, endpoints.streak, async (request) => getStreak(db, request.auth.userId, deps.now(), cfg));
  contractRoute(app, endpoints.streakCheckIn, async (request) =>
    checkIn(db, request.auth.userId, request.body ?? {}, deps.now(), cfg),
  );
  contractRoute(app, endpoints.streakRepair, async (request) => repairStreak(db, request.auth.userId, deps.now(), cfg));
}
