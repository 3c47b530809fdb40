import type { Notification } from '@wyn/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ExternalLinkIcon } from '@/components/icons';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatRelativeTime } from '@/lib/format';
import { NOTIFICATIONS_MSG, notificationTarget, notificationTypeLabel } from '../lib/notifications';
import { ExternalLink } from '@/components/external-link';

/**
 * One notification as a real link or button. Clicking marks it read (when unread) and follows its link:
 * http(s) in a new tab, in-app paths in the app; a notification without a usable link only gets marked.
 * The mark is started on click and not awaited, so the new tab opens within the click (no popup block).
 */
export function NotificationItem({
  notification: n,
  onMarkRead,
}: {
  notification: Notification;
  onMarkRead: (id: string) => void;
}) {
  const target = notificationTarget(n.link);
  const markIfUnread = () => {
    if (!n.is_read) onMarkRead(n.id);
  };
  const className = cn(
    'flex w-full flex-col gap-1.5 rounded-2xl border border-border bg-card p-4 text-left transition-colors',
    'hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
    !n.is_read && 'border-l-4 border-l-blue-500 pl-[13px] bg-blue-50/60 dark:border-l-blue-400 dark:bg-blue-950/30',
  );
  const body = <ItemBody n={n} external={target?.kind === 'external'} />;
  const testProps = { 'data-testid': 'notification-item', 'data-unread': n.is_read ? undefined : 'true' };

  if (target?.kind === 'external')
    return (
      <ExternalLink href={target.href} onClick={markIfUnread} className={className} {...testProps}>
        {body}
      </ExternalLink>
    );
  if (target?.kind === 'internal')
    return (
      <Link to={target.to} onClick={markIfUnread} className={className} {...testProps}>
        {body}
      </Link>
    );
  return (
    <button type="button" onClick={markIfUnread} className={className} {...testProps}>
      {body}
    </button>
  );
}

function ItemBody({ n, external }: { n: Notification; external: boolean }): ReactNode {
  return (
    <>
      <span className="flex min-w-0 items-start gap-2">
        <span className="min-w-0 flex-1 font-semibold break-words">{n.title}</span>
        {!n.is_read ? <Badge className="shrink-0 bg-blue-600 text-white">{NOTIFICATIONS_MSG.newBadge}</Badge> : null}
      </span>
      {n.message ? (
        <span className="text-sm break-words whitespace-pre-line text-muted-foreground">{n.message}</span>
      ) : null}
      <span className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <Badge variant="secondary">{notificationTypeLabel(n.notification_type)}</Badge>
        <time dateTime={n.created_at} title={new Date(n.created_at).toLocaleString()}>
          {formatRelativeTime(n.created_at)}
        </time>
        {external ? (
          <span className="ml-auto inline-flex items-center gap-1">
            <ExternalLinkIcon className="size-3.5" />
            <span className="sr-only">(opens in a new tab)</span>
          </span>
        ) : null}
      </span>
    </>
  );
}
