import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api, type CallInput, type CallOutput } from '@/lib/api-client';
import { staffKeys } from './staff-keys';

export type StaffSeasonsQuery = NonNullable<CallInput<'staffSeasons'>['query']>;

/** GET club/staff/seasons/: every season, newest start first, with its status. */
export function getStaffSeasons(query: StaffSeasonsQuery, signal?: AbortSignal): Promise<CallOutput<'staffSeasons'>> {
  return api.call(routes.staffSeasons, { query }, { signal, toast: false });
}

export const staffSeasonsQueryOptions = (query: StaffSeasonsQuery) =>
  queryOptions({
    queryKey: [...staffKeys.list('seasons'), query] as const,
    queryFn: ({ signal }) => getStaffSeasons(query, signal),
    placeholderData: keepPreviousData,
  });

export function useStaffSeasons(query: StaffSeasonsQuery) {
  return useQuery(staffSeasonsQueryOptions(query));
}
