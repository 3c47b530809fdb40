import { endpoints } from '@wyn/contract/endpoints';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { pageLinks } from '../../lib/pagination.ts';
import { listNotifications, markAllRead, markRead } from './notifications.service.ts';

export async function notificationsRoutes(app: AppInstance, { deps }: ModuleOptions) {
  const db = deps.database.db;

  contractRoute(app, endpoints.notifications, async (request) => {
    const page = await listNotifications(db, request.auth.userId, request.query);
    return {
      results: page.rows,
      count: page.count,
      ...pageLinks(request, deps.config.publicUrl, request.query, page.count),
      unread_count: page.unreadCount,
    };
  });

  contractRoute(app, endpoints.notificationMarkRead, async (request) =>
    markRead(db, request.auth.userId, request.params.id),
  );

  contractRoute(app, endpoints.notificationsMarkAllRead, async (request) => {
    const updated = await markAllRead(db, request.auth.userId);
    return { detail: 'All notifications marked as read.', updated };
  });
}
