import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api, type CallInput, type CallOutput } from '@/lib/api-client';
import { staffKeys } from './staff-keys';

export type StaffCategoriesQuery = NonNullable<CallInput<'staffCategoryList'>['query']>;

/** GET club/staff/categories/: explore categories of quests or perks, inactive ones too. */
export function getStaffCategories(
  query: StaffCategoriesQuery,
  signal?: AbortSignal,
): Promise<CallOutput<'staffCategoryList'>> {
  return api.call(routes.staffCategoryList, { query }, { signal, toast: false });
}

export const staffCategoriesQueryOptions = (query: StaffCategoriesQuery) =>
  queryOptions({
    queryKey: [...staffKeys.list('categories'), query] as const,
    queryFn: ({ signal }) => getStaffCategories(query, signal),
    // The next page keeps the current rows on screen until it arrives.
    placeholderData: keepPreviousData,
  });

export function useStaffCategories(query: StaffCategoriesQuery) {
  return useQuery(staffCategoriesQueryOptions(query));
}
