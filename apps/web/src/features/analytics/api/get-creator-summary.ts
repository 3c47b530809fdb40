import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type CreatorSummary } from '@wyn/contract';
import { api } from '@/lib/api-client';
import type { AnalyticsDays } from '../lib/analytics';
import { analyticsKeys } from './analytics-keys';

/** GET club/creator/summary/?days= — the signed-in creator's quests and perks summed in one call. */
export function getCreatorSummary(days: AnalyticsDays, signal?: AbortSignal): Promise<CreatorSummary> {
  return api.call(routes.creatorSummary, { query: { days } }, { signal, toast: false });
}

export const creatorSummaryQueryOptions = (days: AnalyticsDays) =>
  queryOptions({
    queryKey: analyticsKeys.summary(days),
    queryFn: ({ signal }) => getCreatorSummary(days, signal),
    staleTime: 60_000,
  });

export function useCreatorSummary(days: AnalyticsDays, enabled = true) {
  return useQuery({ ...creatorSummaryQueryOptions(days), enabled });
}
