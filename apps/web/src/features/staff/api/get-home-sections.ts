import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api, type CallInput, type CallOutput } from '@/lib/api-client';
import { staffKeys } from './staff-keys';

export type StaffHomeSectionsQuery = NonNullable<CallInput<'staffHomeSectionList'>['query']>;

/** GET club/staff/home-sections/: Home's carousels in order, hidden ones too, with their pinned items. */
export function getStaffHomeSections(
  query: StaffHomeSectionsQuery,
  signal?: AbortSignal,
): Promise<CallOutput<'staffHomeSectionList'>> {
  return api.call(routes.staffHomeSectionList, { query }, { signal, toast: false });
}

export const staffHomeSectionsQueryOptions = (query: StaffHomeSectionsQuery) =>
  queryOptions({
    queryKey: [...staffKeys.list('home-sections'), query] as const,
    queryFn: ({ signal }) => getStaffHomeSections(query, signal),
    // The next page keeps the current rows on screen until it arrives.
    placeholderData: keepPreviousData,
  });

export function useStaffHomeSections(query: StaffHomeSectionsQuery) {
  return useQuery(staffHomeSectionsQueryOptions(query));
}
