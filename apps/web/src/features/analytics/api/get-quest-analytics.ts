import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type QuestAnalytics } from '@wyn/contract';
import { api } from '@/lib/api-client';
import type { AnalyticsDays } from '../lib/analytics';
import { analyticsKeys } from './analytics-keys';

/** GET club/tasks/{id}/analytics/?days= — the screen shows its own error state (403 included), so no toast. */
export function getQuestAnalytics(id: string, days: AnalyticsDays, signal?: AbortSignal): Promise<QuestAnalytics> {
  return api.call(routes.questAnalytics, { params: { id }, query: { days } }, { signal, toast: false });
}

export const questAnalyticsQueryOptions = (id: string, days: AnalyticsDays) =>
  queryOptions({
    queryKey: analyticsKeys.quest(id, days),
    queryFn: ({ signal }) => getQuestAnalytics(id, days, signal),
    staleTime: 60_000,
    // Switching 30/90 days keeps the numbers on screen while the other window loads.
    placeholderData: keepPreviousData,
  });

export function useQuestAnalytics(id: string, days: AnalyticsDays, enabled = true) {
  return useQuery({ ...questAnalyticsQueryOptions(id, days), enabled: enabled && Boolean(id) });
}
