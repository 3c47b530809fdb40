import { endpoints } from '@wyn/contract/endpoints';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { paginated } from '../../lib/pagination.ts';
import { createSeason, currentSeason, deleteSeason, listSeasons, updateSeason } from './seasons.service.ts';

/** Seasons (issue #16 item 11): see packages/contract/src/endpoints/seasons.endpoints.ts. */
export async function seasonsRoutes(app: AppInstance, { deps }: ModuleOptions) {
  const db = deps.database.db;

  contractRoute(app, endpoints.staffSeasons, async (request) => {
    const page = await listSeasons(db, request.query);
    return paginated(request, deps.config.publicUrl, request.query, page.rows, page.count);
  });

  contractRoute(app, endpoints.staffSeasonCreate, async (request, reply) =>
    reply.code(201).send(await createSeason(db, request.auth.userId, request.body, deps.now())),
  );

  contractRoute(app, endpoints.staffSeasonUpdate, async (request) =>
    updateSeason(db, request.auth.userId, request.params.id, request.body, deps.now()),
  );

  contractRoute(app, endpoints.staffSeasonDelete, async (request, reply) => {
    await deleteSeason(db, request.auth.userId, request.params.id, deps.now());
    return reply.code(204).send();
  });

  contractRoute(app, endpoints.seasonCurrent, async (request) => currentSeason(db, request.auth.userId, deps.now()));
}
