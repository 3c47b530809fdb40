import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type Notification } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { markReadInCache, refreshNotifications } from './notification-cache';

/** POST club/notifications/{id}/mark-read/ with an empty body. */
export function markNotificationRead(id: string): Promise<Notification> {
  return api.call(routes.notificationMarkRead, { params: { id } });
}

/**
 * Cache work lives in the hook's options, not in mutate() callbacks: a click that follows an in-app link
 * unmounts the page, and the bell must still be corrected afterwards.
 */
export function useMarkNotificationRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: async (id) => {
      await qc.cancelQueries({ queryKey: ['me', 'notifications'] });
      return { restore: markReadInCache(qc, { id }) };
    },
    onError: (_e, _id, ctx) => ctx?.restore(),
    onSettled: () => refreshNotifications(qc),
  });
}
