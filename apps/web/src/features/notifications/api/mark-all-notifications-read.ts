import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type MarkAllReadResponse } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { markReadInCache, refreshNotifications } from './notification-cache';

/**
 * POST club/notifications/mark-all-read/ — one call instead of the spec's one mark per unread item, so
 * notifications on pages not loaded yet are marked too.
 */
export function markAllNotificationsRead(): Promise<MarkAllReadResponse> {
  return api.call(routes.notificationsMarkAllRead, {});
}

export function useMarkAllNotificationsRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: async () => {
      await qc.cancelQueries({ queryKey: ['me', 'notifications'] });
      return { restore: markReadInCache(qc, 'all') };
    },
    onError: (_e, _v, ctx) => ctx?.restore(),
    onSettled: () => refreshNotifications(qc),
  });
}
