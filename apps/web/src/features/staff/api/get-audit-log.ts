import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api, type CallInput, type CallOutput } from '@/lib/api-client';
import { staffKeys } from './staff-keys';

export type StaffAuditLogQuery = NonNullable<CallInput<'staffAuditLog'>['query']>;

/** GET club/staff/audit-log/: every staff action, newest first, filtered by actor, action and target. */
export function getStaffAuditLog(
  query: StaffAuditLogQuery,
  signal?: AbortSignal,
): Promise<CallOutput<'staffAuditLog'>> {
  return api.call(routes.staffAuditLog, { query }, { signal, toast: false });
}

export const staffAuditLogQueryOptions = (query: StaffAuditLogQuery) =>
  queryOptions({
    queryKey: [...staffKeys.list('audit-log'), query] as const,
    queryFn: ({ signal }) => getStaffAuditLog(query, signal),
    // The next page keeps the current rows on screen until it arrives.
    placeholderData: keepPreviousData,
  });

export function useStaffAuditLog(query: StaffAuditLogQuery) {
  return useQuery(staffAuditLogQueryOptions(query));
}
