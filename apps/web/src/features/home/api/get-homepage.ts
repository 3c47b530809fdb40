import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type HomepageComplete } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { useIsAuthenticated } from '@/lib/session';

/** GET club/homepage/complete/ — banners, sections and the items of each carousel. */
export function getHomepage(signal?: AbortSignal): Promise<HomepageComplete> {
  return api.call(routes.homepage, {}, { signal });
}

export const homepageQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.homepage,
    queryFn: ({ signal }) => getHomepage(signal),
    staleTime: 60_000,
  });

export function useHomepage() {
  const signedIn = useIsAuthenticated();
  return useQuery({ ...homepageQueryOptions(), enabled: signedIn });
}
