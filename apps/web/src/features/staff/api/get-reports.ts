import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api, type CallInput, type CallOutput } from '@/lib/api-client';
import { staffKeys } from './staff-keys';

export type StaffReportsQuery = NonNullable<CallInput<'staffReportList'>['query']>;

/** GET club/staff/reports/: member reports, newest first, filtered by status and target type. */
export function getStaffReports(
  query: StaffReportsQuery,
  signal?: AbortSignal,
): Promise<CallOutput<'staffReportList'>> {
  return api.call(routes.staffReportList, { query }, { signal, toast: false });
}

export const staffReportsQueryOptions = (query: StaffReportsQuery) =>
  queryOptions({
    queryKey: [...staffKeys.list('reports'), query] as const,
    queryFn: ({ signal }) => getStaffReports(query, signal),
    // The next page keeps the current rows on screen until it arrives.
    placeholderData: keepPreviousData,
  });

export function useStaffReports(query: StaffReportsQuery) {
  return useQuery(staffReportsQueryOptions(query));
}
