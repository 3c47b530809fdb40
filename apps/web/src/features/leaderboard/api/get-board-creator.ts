import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type ProfileDetail } from '@wyn/contract';
import { api } from '@/lib/api-client';

/** GET club/profiles/{id}/ — only the club's name and avatar for a club board's heading. */
export function getBoardCreator(id: string, signal?: AbortSignal): Promise<ProfileDetail> {
  return api.call(routes.profile, { params: { id } }, { signal, toast: false });
}

export const boardCreatorQueryOptions = (id: string) =>
  queryOptions({
    // The profile screen's key: one cached copy of the profile.
    queryKey: ['profiles', 'detail', id] as const,
    queryFn: ({ signal }) => getBoardCreator(id, signal),
    staleTime: 5 * 60_000,
  });

export function useBoardCreator(id: string | null) {
  return useQuery({ ...boardCreatorQueryOptions(id ?? ''), enabled: Boolean(id) });
}
