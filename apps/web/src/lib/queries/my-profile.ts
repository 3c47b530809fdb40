import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, TIMINGS, type Profile } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { accountCache, useIsAuthenticated } from '@/lib/session';

export async function getMyProfile(signal?: AbortSignal): Promise<Profile> {
  const profile = await api.call(routes.myProfile, {}, { signal });
  accountCache.setProfile(profile);
  return profile;
}

export const myProfileQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.myProfile,
    queryFn: ({ signal }) => getMyProfile(signal),
    staleTime: TIMINGS.ownProfileCacheMs,
    initialData: () => accountCache.getProfile() ?? undefined,
    initialDataUpdatedAt: 0,
  });

export function useMyProfile() {
  const signedIn = useIsAuthenticated();
  return useQuery({ ...myProfileQueryOptions(), enabled: signedIn });
}
