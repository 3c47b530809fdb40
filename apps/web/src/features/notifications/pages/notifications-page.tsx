import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { BellIcon, CheckIcon } from '@/components/icons';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { NotificationItem } from '../components/notification-item';
import { NOTIFICATIONS_MSG } from '../lib/notifications';

export default function NotificationsPage() {
  useDocumentTitle(NOTIFICATIONS_MSG.heading);
  const list = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();

  const items = list.data?.pages.flatMap((p) => p.results) ?? [];
  // The server's total covers pages not loaded yet; the loaded items cover a stale total.
  const serverUnread = list.data?.pages.at(-1)?.unread_count ?? 0;
  const anyUnread = serverUnread > 0 || items.some((n) => !n.is_read);

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 pb-8 md:px-6">
      <PageHeader
        title={NOTIFICATIONS_MSG.heading}
        actions={
          list.isSuccess && anyUnread ? (
            <Button size="sm" variant="outline" onClick={() => markAll.mutate()} loading={markAll.isPending}>
              <CheckIcon className="size-4" />
              {NOTIFICATIONS_MSG.markAll}
            </Button>
          ) : null
        }
      />

      {list.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading notifications">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-24 w-full rounded-2xl" />
          ))}
        </div>
      ) : list.isError && items.length === 0 ? (
        <ErrorState
          title={NOTIFICATIONS_MSG.errorTitle}
          description={errorMessage(list.error)}
          actionLabel={NOTIFICATIONS_MSG.retry}
          onAction={() => void list.refetch()}
          className="rounded-2xl border border-border bg-card"
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<BellIcon className="size-6" />}
          title={NOTIFICATIONS_MSG.emptyTitle}
          description={NOTIFICATIONS_MSG.emptyDescription}
          testId="notifications-empty"
        />
      ) : (
        <>
          <ul className="flex flex-col gap-3" aria-label={NOTIFICATIONS_MSG.heading}>
            {items.map((n) => (
              <li key={n.id}>
                <NotificationItem notification={n} onMarkRead={(id) => markRead.mutate(id)} />
              </li>
            ))}
          </ul>
          {list.isFetchNextPageError ? (
            <p role="alert" className="text-center text-sm text-destructive">
              {errorMessage(list.error)}
            </p>
          ) : null}
          {list.hasNextPage ? (
            <Button
              variant="outline"
              className="self-center"
              onClick={() => void list.fetchNextPage()}
              loading={list.isFetchingNextPage}
            >
              {NOTIFICATIONS_MSG.loadMore}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}
