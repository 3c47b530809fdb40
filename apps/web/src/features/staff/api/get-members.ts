import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api, type CallInput, type CallOutput } from '@/lib/api-client';
import { staffKeys } from './staff-keys';

export type StaffMembersQuery = NonNullable<CallInput<'staffUserList'>['query']>;

/** GET club/staff/users/: members searched by name, username or e-mail. */
export function getStaffMembers(query: StaffMembersQuery, signal?: AbortSignal): Promise<CallOutput<'staffUserList'>> {
  return api.call(routes.staffUserList, { query }, { signal, toast: false });
}

export const staffMembersQueryOptions = (query: StaffMembersQuery) =>
  queryOptions({
    queryKey: [...staffKeys.list('members'), query] as const,
    queryFn: ({ signal }) => getStaffMembers(query, signal),
    // The next page keeps the current rows on screen until it arrives.
    placeholderData: keepPreviousData,
  });

export function useStaffMembers(query: StaffMembersQuery) {
  return useQuery(staffMembersQueryOptions(query));
}
