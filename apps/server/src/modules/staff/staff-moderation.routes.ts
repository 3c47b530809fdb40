import { ErrorCode, MODERATION_MSG, REPORTS_PER_HOUR } from '@wyn/contract';
import { endpoints } from '@wyn/contract/endpoints';
import type { FastifyRequest } from 'fastify';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { paginated } from '../../lib/pagination.ts';
import { moderate } from './staff-moderation.service.ts';
import { createReport, listReports, resolveReport } from './staff-reports.service.ts';
import { listUsers, updateUser } from './staff-users.service.ts';

/** Reports per member per hour, on @fastify/rate-limit's store (shared through Redis when set), as messages are. */
function reportRateLimit(app: AppInstance) {
  const limiter = app.createRateLimit({
    max: REPORTS_PER_HOUR,
    timeWindow: 3_600_000,
    keyGenerator: (req) => `report:${req.auth.userId}`,
  });
  return async (request: FastifyRequest) => {
    const r = await limiter(request);
    if (!r.isAllowed && r.isExceeded)
      throw tooManyRequests(MODERATION_MSG.reportTooMany, r.ttlInSeconds, ErrorCode.rateLimited);
  };
}

/** Issue #15 items 4–6: see packages/contract/src/endpoints/staff-moderation.endpoints.ts for what this serves. */
export async function staffModerationRoutes(app: AppInstance, { deps }: ModuleOptions) {
  const db = deps.database.db;
  const publicUrl = deps.config.publicUrl;

  contractRoute(
    app,
    endpoints.reportCreate,
    async (request, reply) => {
      const { target_type, target_id, reason } = request.body;
      const body = await createReport(db, request.auth.userId, {
        targetType: target_type,
        targetId: target_id,
        reason,
      });
      reply.code(201);
      return body;
    },
    { preHandler: reportRateLimit(app) },
  );

  contractRoute(app, endpoints.staffModerate, async (request) => {
    const { target_type, target_id, action, reason } = request.body;
    return moderate(
      db,
      request.auth.userId,
      { targetType: target_type, targetId: target_id, action, reason },
      deps.now(),
    );
  });

  contractRoute(app, endpoints.staffReportList, async (request) => {
    const page = await listReports(db, request.query);
    return paginated(request, publicUrl, request.query, page.rows, page.count);
  });

  contractRoute(app, endpoints.staffReportResolve, async (request) =>
    resolveReport(db, request.auth.userId, request.params.id, request.body, deps.now()),
  );

  contractRoute(app, endpoints.staffUserList, async (request) => {
    const page = await listUsers(db, request.query);
    return paginated(request, publicUrl, request.query, page.rows, page.count);
  });

  contractRoute(app, endpoints.staffUserUpdate, async (request) =>
    updateUser(db, request.auth.userId, request.params.id, request.body, deps.now()),
  );
}
