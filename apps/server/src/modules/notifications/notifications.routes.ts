import { idParams, markAllReadResponse, notification, notificationList, notificationListQuery } from '@wyn/contract';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { pageLinks } from '../../lib/pagination.ts';
import { listNotifications, markAllRead, markRead } from './notifications.service.ts';

export async function notificationsRoutes(app: AppInstance, { deps }: ModuleOptions) {
  const db = deps.database.db;
  const tags = ['notifications'];
  const security = [{ bearer: [] }];

  app.get(
    '/notifications/',
    {
      onRequest: app.authenticate,
      schema: { tags, security, querystring: notificationListQuery, response: { 200: notificationList } },
    },
    async (request) => {
      const page = await listNotifications(db, request.auth.userId, request.query);
      return {
        results: page.rows,
        count: page.count,
        ...pageLinks(request, deps.config.publicUrl, request.query, page.count),
        unread_count: page.unreadCount,
      };
    },
  );

  app.post(
    '/notifications/:id/mark-read/',
    { onRequest: app.authenticate, schema: { tags, security, params: idParams, response: { 200: notification } } },
    async (request) => markRead(db, request.auth.userId, request.params.id),
  );

  app.post(
    '/notifications/mark-all-read/',
    { onRequest: app.authenticate, schema: { tags, security, response: { 200: markAllReadResponse } } },
    async (request) => {
      const updated = await markAllRead(db, request.auth.userId);
      return { detail: 'All notifications marked as read.', updated };
    },
  );
}
