import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type SearchRequest, type SearchResponse } from '@wyn/contract';
import { api } from '@/lib/api-client';

/** POST club/explore/search/ — a read, so it is a query keyed by its body; errors show in the page. */
export function searchExplore(body: SearchRequest, signal?: AbortSignal): Promise<SearchResponse> {
  return api.call(routes.exploreSearch, { body }, { signal, toast: false });
}

export const exploreSearchQueryOptions = (body: SearchRequest) =>
  queryOptions({
    queryKey: ['explore', 'search', body] as const,
    queryFn: ({ signal }) => searchExplore(body, signal),
    staleTime: 30_000,
  });

export function useExploreSearch(body: SearchRequest, enabled: boolean) {
  return useQuery({ ...exploreSearchQueryOptions(body), enabled, placeholderData: keepPreviousData });
}
