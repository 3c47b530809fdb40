import { idParams } from '../common.ts';
import { defineEndpoints } from '../endpoint.ts';
import { markAllReadResponse, notification, notificationList, notificationListQuery } from '../notifications.ts';

export const notificationsEndpoints = defineEndpoints('notifications', {
  notifications: {
    method: 'GET',
    path: 'club/notifications/',
    auth: 'member',
    summary: "The signed-in member's notifications, a page at a time, with the total unread count.",
    query: notificationListQuery,
    responses: { 200: notificationList },
  },
  notificationMarkRead: {
    method: 'POST',
    path: 'club/notifications/:id/mark-read/',
    auth: 'member',
    summary: 'Mark one of the own notifications read.',
    params: idParams,
    responses: { 200: notification },
  },
  notificationsMarkAllRead: {
    method: 'POST',
    path: 'club/notifications/mark-all-read/',
    auth: 'member',
    summary: 'Mark every own notification read.',
    responses: { 200: markAllReadResponse },
  },
});
