import { endpoints } from '@wyn/contract/endpoints';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { pageLinks } from '../../lib/pagination.ts';
import { getLeaderboard } from './leaderboard.service.ts';

/** GET club/leaderboard/ (issue #16 item 3). */
export async function leaderboardRoutes(app: AppInstance, { deps }: ModuleOptions) {
  const db = deps.database.db;
  // Counts and ranks may lag a change by up to 2 s (each instance rebuilds a board's shape at most that often);
  // tests read their own writes at once.
  const staleMs = deps.config.nodeEnv === 'test' ? 0 : 2_000;
  contractRoute(app, endpoints.leaderboard, async (request) => {
    const board = await getLeaderboard(db, request.auth.userId, request.query, deps.now(), { staleMs });
    return {
      results: board.rows,
      count: board.count,
      ...pageLinks(request, deps.config.publicUrl, request.query, board.count),
      me: board.me,
      season: board.season,
    };
  });
}
