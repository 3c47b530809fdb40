import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { routes, type NotificationList } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { NOTIFICATIONS_PAGE_SIZE } from '../lib/notifications';

/** Under ['me', 'notifications'] so anything that refreshes the bell's summary can refresh the list too. */
export const notificationListKey = ['me', 'notifications', 'list'] as const;

/** GET club/notifications/?ordering=-created_at — the page shows its own error state, so no toast. */
export function getNotifications(page: number, signal?: AbortSignal): Promise<NotificationList> {
  return api.call(
    routes.notifications,
    { query: { ordering: '-created_at', page, page_size: NOTIFICATIONS_PAGE_SIZE } },
    { signal, toast: false },
  );
}

export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationListKey,
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) => (last.next ? lastPage + 1 : undefined),
    staleTime: 0,
  });

export function useNotifications() {
  return useInfiniteQuery(notificationsQueryOptions());
}
