import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type PerkAnalytics } from '@wyn/contract';
import { api } from '@/lib/api-client';
import type { AnalyticsDays } from '../lib/analytics';
import { analyticsKeys } from './analytics-keys';

/** GET club/perks/{id}/analytics/?days= — the screen shows its own error state (403 included), so no toast. */
export function getPerkAnalytics(id: string, days: AnalyticsDays, signal?: AbortSignal): Promise<PerkAnalytics> {
  return api.call(routes.perkAnalytics, { params: { id }, query: { days } }, { signal, toast: false });
}

export const perkAnalyticsQueryOptions = (id: string, days: AnalyticsDays) =>
  queryOptions({
    queryKey: analyticsKeys.perk(id, days),
    queryFn: ({ signal }) => getPerkAnalytics(id, days, signal),
    staleTime: 60_000,
    // Switching 30/90 days keeps the numbers on screen while the other window loads.
    placeholderData: keepPreviousData,
  });

export function usePerkAnalytics(id: string, days: AnalyticsDays, enabled = true) {
  return useQuery({ ...perkAnalyticsQueryOptions(id, days), enabled: enabled && Boolean(id) });
}
