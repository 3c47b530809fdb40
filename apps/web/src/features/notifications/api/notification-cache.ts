import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { NotificationList } from '@wyn/contract';
import { queryKeys } from '@/lib/query-client';
import { notificationListKey } from './get-notifications';

type ListData = InfiniteData<NotificationList, number>;

/**
 * Marks one notification (by id) or all of them read in the cached list and lowers the bell's unread
 * count at once, so the New badges and the home badge change before the server answers. Returns a
 * function that restores both.
 */
export function markReadInCache(qc: QueryClient, target: { id: string } | 'all'): () => void {
  const list = qc.getQueryData<ListData>(notificationListKey);
  const summary = qc.getQueryData<NotificationList>(queryKeys.notificationSummary);
  let changed = 0;
  if (list) {
    const pages = list.pages.map((page) => ({
      ...page,
      results: page.results.map((n) => {
        if (n.is_read || (target !== 'all' && n.id !== target.id)) return n;
        changed += 1;
        return { ...n, is_read: true };
      }),
    }));
    // unread_count is the server's total; every page carries a copy.
    const unread = (before: number) => (target === 'all' ? 0 : Math.max(0, before - changed));
    qc.setQueryData<ListData>(notificationListKey, {
      ...list,
      pages: pages.map((p) => ({ ...p, unread_count: unread(p.unread_count) })),
    });
  }
  if (summary && (target === 'all' || changed > 0))
    qc.setQueryData<NotificationList>(queryKeys.notificationSummary, {
      ...summary,
      results: summary.results.map((n) => (target === 'all' || n.id === target.id ? { ...n, is_read: true } : n)),
      unread_count: target === 'all' ? 0 : Math.max(0, summary.unread_count - changed),
    });
  return () => {
    qc.setQueryData(notificationListKey, list);
    qc.setQueryData(queryKeys.notificationSummary, summary);
  };
}

/** After a mark: the server's truth for the list and the bell. */
export function refreshNotifications(qc: QueryClient): Promise<unknown> {
  return Promise.all([
    qc.invalidateQueries({ queryKey: notificationListKey }),
    qc.invalidateQueries({ queryKey: queryKeys.notificationSummary }),
  ]);
}
