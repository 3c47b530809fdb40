import { endpoints } from '@wyn/contract/endpoints';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { pageLinks } from '../../lib/pagination.ts';
import { createViewCache, viewKey } from '../../lib/view-cache.ts';
import { BOARDS_TAG, getLeaderboard } from './leaderboard.service.ts';

/** GET club/leaderboard/ (issue #16 item 3). */
export async function leaderboardRoutes(app: AppInstance, { deps }: ModuleOptions) {
  const db = deps.database.db;
  // Counts and ranks may lag a change by up to 2 s (each instance rebuilds a board's shape at most that often);
  // tests read their own writes at once.
  const staleMs = deps.config.nodeEnv === 'test' ? 0 : 2_000;
  // A member's board pages are answered from memory until a board changes (`BOARDS_TAG`) or a member on the page
  // or the viewer does (lib/view-cache.ts).
  const pages = createViewCache<Awaited<ReturnType<typeof getLeaderboard>>>({
    ttlMs: deps.config.hotReadCacheMs,
    maxEntries: 1_000,
  });
  contractRoute(app, endpoints.leaderboard, async (request) => {
    const viewerId = request.auth.userId;
    const board = await pages.get(
      viewKey(viewerId, request.query),
      [BOARDS_TAG, viewerId],
      () => getLeaderboard(db, viewerId, request.query, deps.now(), { staleMs }),
      (page) => page.rows.map((row) => row.profile.id),
    );
    return {
      results: board.rows,
      count: board.count,
      ...pageLinks(request, deps.config.publicUrl, request.query, board.count),
      me: board.me,
      season: board.season,
    };
  });
}
