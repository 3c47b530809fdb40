import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api, type CallInput, type CallOutput } from '@/lib/api-client';
import { staffKeys } from './staff-keys';

export type StaffPopularSearchesQuery = NonNullable<CallInput<'staffPopularSearchList'>['query']>;

/** GET club/staff/popular-searches/: curated and computed terms with counts and flags. */
export function getStaffPopularSearches(
  query: StaffPopularSearchesQuery,
  signal?: AbortSignal,
): Promise<CallOutput<'staffPopularSearchList'>> {
  return api.call(routes.staffPopularSearchList, { query }, { signal, toast: false });
}

export const staffPopularSearchesQueryOptions = (query: StaffPopularSearchesQuery) =>
  queryOptions({
    queryKey: [...staffKeys.list('popular-searches'), query] as const,
    queryFn: ({ signal }) => getStaffPopularSearches(query, signal),
    // The next page keeps the current rows on screen until it arrives.
    placeholderData: keepPreviousData,
  });

export function useStaffPopularSearches(query: StaffPopularSearchesQuery) {
  return useQuery(staffPopularSearchesQueryOptions(query));
}
