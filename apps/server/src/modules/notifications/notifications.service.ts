import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Notification, NotificationType, PageQuery } from '@wyn/contract';
import { recordEvent } from '../../events/outbox.ts';
import type { DbOrTx } from '../../db/client.ts';
import { notifications, userSettings } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/pagination.ts';
import { publishLiveEvent } from '../../integrations/live-events.ts';

type NotificationRow = typeof notifications.$inferSelect;

export const toNotificationDto = (r: NotificationRow): Notification => ({
  id: r.id,
  title: r.title,
  message: r.message,
  notification_type: r.notificationType,
  is_read: r.isRead,
  link: r.link,
  created_at: r.createdAt.toISOString(),
});

/** A link a notification may carry: an in-app path (`/quest/…`) or an http(s) URL; nothing else. */
export function isSafeLink(link: string): boolean {
  if (/^\/(?![/\\])/.test(link)) return !/[\s\p{Cc}]/u.test(link);
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export type NotifyInput = { title: string; message?: string; type: NotificationType; link?: string | null };

/**
 * Whether the member wants notifications. A member without a settings row has the default (on).
 * One primary-key lookup, read inside the caller's transaction like the insert that follows.
 */
async function wantsNotifications(tx: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ on: userSettings.notificationsEnabled })
    .from(userSettings)
    .where(eq(userSettings.userId, userId))
    .limit(1);
  return row?.on ?? true;
}

/**
 * Creates a notification for a member. Other modules call this inside their own transaction (pass `tx`),
 * so the notification exists exactly when the change it reports does. Returns null, storing nothing, when
 * the member turned notifications off: that setting is their choice not to be notified. Nothing is lost by
 * it: money movements stay in the wallet history and submissions, follows and messages keep their own records.
 */
export async function notify(tx: DbOrTx, userId: string, input: NotifyInput): Promise<Notification | null> {
  const link = input.link?.trim() || null;
  if (link && !isSafeLink(link))
    throw badRequest('A notification link must be an in-app path or an http(s) address.', { link: ['Invalid link'] });
  if (!(await wantsNotifications(tx, userId))) return null;
  const [row] = await tx
    .insert(notifications)
    .values({ userId, title: input.title, message: input.message ?? '', notificationType: input.type, link })
    .returning();
  // Delivered to the member's open tabs only if the caller's transaction commits (decision 0006).
  await publishLiveEvent(tx, userId, { type: 'notification', id: row!.id });
  return toNotificationDto(row!);
}

export type NotificationListInput = PageQuery & {
  ordering: '-created_at' | 'created_at';
  is_read?: 'true' | 'false' | undefined;
};

/** The caller's notifications, one page, plus how many are unread in total. */
export async function listNotifications(db: DbOrTx, userId: string, q: NotificationListInput) {
  const { limit, offset } = pageWindow(q);
  const mine = eq(notifications.userId, userId);
  const where: SQL = q.is_read === undefined ? mine : and(mine, eq(notifications.isRead, q.is_read === 'true'))!;
  const order =
    q.ordering === 'created_at'
      ? [asc(notifications.createdAt), asc(notifications.id)]
      : [desc(notifications.createdAt), desc(notifications.id)];
  const [rows, [total], [unread]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(notifications).where(where),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(mine, eq(notifications.isRead, false))),
  ]);
  return { rows: rows.map(toNotificationDto), count: total?.n ?? 0, unreadCount: unread?.n ?? 0 };
}

/** Marks one of the caller's notifications read; someone else's is as unknown as a missing one (404). */
export async function markRead(db: DbOrTx, userId: string, id: string): Promise<Notification> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning();
    if (!row) throw notFound('Notification not found.');
    // The member's other tabs refresh their badge and list (notification-live.consumer.ts).
    await recordEvent(tx, { type: 'notifications.read', payload: { userId, notificationId: row.id } });
    return toNotificationDto(row);
  });
}

/** Marks all the caller's notifications read; returns how many changed. */
export async function markAllRead(db: DbOrTx, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
      .returning({ id: notifications.id });
    if (rows.length > 0)
      await recordEvent(tx, { type: 'notifications.read', payload: { userId, notificationId: null } });
    return rows.length;
  });
}
