import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api, type CallInput, type CallOutput } from '@/lib/api-client';
import { staffKeys } from './staff-keys';

export type StaffBannersQuery = NonNullable<CallInput<'staffBannerList'>['query']>;

/** GET club/staff/banners/: every banner, active or not, by position. */
export function getStaffBanners(
  query: StaffBannersQuery,
  signal?: AbortSignal,
): Promise<CallOutput<'staffBannerList'>> {
  return api.call(routes.staffBannerList, { query }, { signal, toast: false });
}

export const staffBannersQueryOptions = (query: StaffBannersQuery) =>
  queryOptions({
    queryKey: [...staffKeys.list('banners'), query] as const,
    queryFn: ({ signal }) => getStaffBanners(query, signal),
    // The next page keeps the current rows on screen until it arrives.
    placeholderData: keepPreviousData,
  });

export function useStaffBanners(query: StaffBannersQuery) {
  return useQuery(staffBannersQueryOptions(query));
}
