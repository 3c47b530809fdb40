import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type NotificationList } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { useLivePollInterval } from '@/lib/live-events';
import { useIsAuthenticated } from '@/lib/session';

/** GET club/notifications/?ordering=-created_at — read for the unread badge. */
export function getNotificationSummary(signal?: AbortSignal): Promise<NotificationList> {
  return api.call(routes.notifications, { query: { ordering: '-created_at', page_size: 1 } }, { signal });
}

export const notificationSummaryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.notificationSummary,
    queryFn: ({ signal }) => getNotificationSummary(signal),
    staleTime: 15_000,
    refetchInterval: 30_000,
    refetchIntervalInBackground: false,
  });

/** Unread count: the server's unread_count, else the unread items of the page. */
export function unreadCountOf(list: NotificationList | undefined): number {
  if (!list) return 0;
  if (typeof list.unread_count === 'number') return list.unread_count;
  return list.results.filter((n) => !n.is_read).length;
}

/** The bell badge: kept fresh by the live stream, polled only while the stream is down. */
export function useUnreadNotificationCount(): number {
  const signedIn = useIsAuthenticated();
  const refetchInterval = useLivePollInterval(30_000);
  const { data } = useQuery({ ...notificationSummaryQueryOptions(), enabled: signedIn, refetchInterval });
  return unreadCountOf(data);
}
