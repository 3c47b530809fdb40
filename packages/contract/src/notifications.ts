import { z } from 'zod';
import { notificationType } from './enums.ts';
import { pageQuery } from './common.ts';

export const notification = z.object({
  id: z.uuid(),
  title: z.string(),
  message: z.string(),
  notification_type: notificationType,
  is_read: z.boolean(),
  link: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notification>;

export const notificationListQuery = pageQuery.extend({
  ordering: z.enum(['-created_at', 'created_at']).default('-created_at'),
  is_read: z.enum(['true', 'false']).optional(),
});

export const notificationList = z.object({
  results: z.array(notification),
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  unread_count: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationList>;

export const markAllReadResponse = z.object({ detail: z.string(), updated: z.number().int() });
export type MarkAllReadResponse = z.infer<typeof markAllReadResponse>;
