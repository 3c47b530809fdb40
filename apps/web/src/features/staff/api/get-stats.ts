import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api, type CallOutput } from '@/lib/api-client';
import { staffKeys } from './staff-keys';

/** GET club/staff/stats/: the club's numbers and the daily series of the last 90 days. */
export function getStaffStats(signal?: AbortSignal): Promise<CallOutput<'staffStats'>> {
  return api.call(routes.staffStats, {}, { signal, toast: false });
}

export const staffStatsQueryOptions = () =>
  queryOptions({ queryKey: staffKeys.list('stats'), queryFn: ({ signal }) => getStaffStats(signal) });

export function useStaffStats() {
  return useQuery(staffStatsQueryOptions());
}
