import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type ExploreComplete } from '@wyn/contract';
import { api } from '@/lib/api-client';

export const exploreKeys = {
  all: ['explore'] as const,
  complete: () => ['explore', 'complete'] as const,
};

/** GET club/explore/complete/ with the spec's parameters — the page shows its own error view, so no toast. */
export function getExploreComplete(signal?: AbortSignal): Promise<ExploreComplete> {
  return api.call(
    routes.exploreComplete,
    { query: { page: 1, limit: 20, ordering: '-created_at', include_inactive: 'false' } },
    { signal, toast: false },
  );
}

export const exploreCompleteQueryOptions = () =>
  queryOptions({
    queryKey: exploreKeys.complete(),
    queryFn: ({ signal }) => getExploreComplete(signal),
    staleTime: 60_000,
  });

export function useExploreComplete(enabled: boolean) {
  return useQuery({ ...exploreCompleteQueryOptions(), enabled });
}
