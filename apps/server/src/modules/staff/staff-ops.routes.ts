import { endpoints } from '@wyn/contract/endpoints';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { paginated } from '../../lib/pagination.ts';
import { createAnnouncement, listAnnouncements } from './staff-announcements.service.ts';
import { listAuditLog } from './staff-audit-log.service.ts';
import { staffStats } from './staff-stats.service.ts';

/** Staff operations (issue #15 items 7, 8, 9): see packages/contract/src/endpoints/staff-ops.endpoints.ts. */
export async function staffOpsRoutes(app: AppInstance, { deps }: ModuleOptions) {
  const db = deps.database.db;
  const publicUrl = deps.config.publicUrl;

  contractRoute(app, endpoints.staffAnnouncementCreate, async (request, reply) => {
    const body = await createAnnouncement(db, deps.jobs, request.auth.userId, request.body, deps.now());
    return reply.code(202).send(body);
  });

  contractRoute(app, endpoints.staffAnnouncements, async (request) => {
    const page = await listAnnouncements(db, request.query);
    return paginated(request, publicUrl, request.query, page.rows, page.count);
  });

  contractRoute(app, endpoints.staffAuditLog, async (request) => {
    const page = await listAuditLog(db, request.query);
    return paginated(request, publicUrl, request.query, page.rows, page.count);
  });

  contractRoute(app, endpoints.staffStats, async () => staffStats(db, deps.now()));
}
