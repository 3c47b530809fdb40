import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileDetail } from '@wyn/contract';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

export const profileDetailKey = (id: string) => ['profiles', 'detail', id] as const;

/** GET club/profiles/{id}/ — the page shows its own error states, so no toast. */
export function getProfile(id: string, signal?: AbortSignal): Promise<ProfileDetail> {
  return api.get<ProfileDetail>(apiPaths.profile(id), { signal, toast: false });
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
