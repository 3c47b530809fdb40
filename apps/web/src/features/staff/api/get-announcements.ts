import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api, type CallInput, type CallOutput } from '@/lib/api-client';
import { staffKeys } from './staff-keys';

export type StaffAnnouncementsQuery = NonNullable<CallInput<'staffAnnouncements'>['query']>;

/** GET club/staff/announcements/: announcements sent, newest first, with their reach. */
export function getStaffAnnouncements(
  query: StaffAnnouncementsQuery,
  signal?: AbortSignal,
): Promise<CallOutput<'staffAnnouncements'>> {
  return api.call(routes.staffAnnouncements, { query }, { signal, toast: false });
}

export const staffAnnouncementsQueryOptions = (query: StaffAnnouncementsQuery) =>
  queryOptions({
    queryKey: [...staffKeys.list('announcements'), query] as const,
    queryFn: ({ signal }) => getStaffAnnouncements(query, signal),
    // The next page keeps the current rows on screen until it arrives.
    placeholderData: keepPreviousData,
  });

export function useStaffAnnouncements(query: StaffAnnouncementsQuery) {
  return useQuery(staffAnnouncementsQueryOptions(query));
}
