import type { NotificationType } from '@wyn/contract';
import { isAppPath, isHttpUrl } from '@/lib/format';

/** Sentences of the notifications screen (docs/spec/02-explore-details-wallet-social.md §2, §8). */
export const NOTIFICATIONS_MSG = {
  heading: 'Notifications',
  markAll: 'Mark All as Read',
  newBadge: 'New',
  emptyTitle: 'No Notifications',
  emptyDescription: 'Follows, messages, rewards and quest updates will show up here.',
  errorTitle: 'Could not load notifications',
  retry: 'Try again',
  loadMore: 'Load more',
} as const;

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** notification_type as a reader would say it. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  task_update: 'Quest update',
  reward: 'Reward',
  follow: 'Follow',
  like: 'Like',
  comment: 'Comment',
  share: 'Share',
  message: 'Message',
  system: 'System',
  promotion: 'Promotion',
  transaction: 'Transaction',
};

export function notificationTypeLabel(type: string): string {
  return NOTIFICATION_TYPE_LABELS[type as NotificationType] ?? type.replace(/_/g, ' ');
}

export type NotificationTarget = { kind: 'external'; href: string } | { kind: 'internal'; to: string } | null;

/**
 * Where a click goes: http(s) links open in a new tab, in-app paths navigate in the app, and anything
 * else (javascript:, //host, data:, a bare word) is not followed at all.
 */
export function notificationTarget(link: string | null | undefined): NotificationTarget {
  const value = link?.trim();
  if (!value) return null;
  if (isAppPath(value)) return /[\s\p{Cc}]/u.test(value) ? null : { kind: 'internal', to: value };
  if (isHttpUrl(value)) return { kind: 'external', href: value };
  return null;
}
