import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type ProfileDetail } from '@wyn/contract';
import { api } from '@/lib/api-client';

export const profileDetailKey = (id: string) => ['profiles', 'detail', id] as const;

/** GET club/profiles/{id}/ — the page shows its own error states, so no toast. */
export function getProfile(id: string, signal?: AbortSignal): Promise<ProfileDetail> {
  return api.call(routes.profile, { params: { id } }, { signal, toast: false });
}

export const profileQueryOptions = (id: string) =>
  queryOptions({
    queryKey: profileDetailKey(id),
    queryFn: ({ signal }) => getProfile(id, signal),
    staleTime: 30_000,
  });

export function useProfile(id: string | null) {
  return useQuery({ ...profileQueryOptions(id ?? ''), enabled: Boolean(id) });
}
