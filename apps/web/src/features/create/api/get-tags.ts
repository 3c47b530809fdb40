import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type Tag } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/** GET club/tags/?search= (a page of tags). */
export async function getTags(search: string, signal?: AbortSignal): Promise<Tag[]> {
  const data = await api.call(
    routes.tags,
    { query: { search: search.trim() || undefined, page_size: 50 } },
    { signal, toast: false },
  );
  return data.results;
}

export const tagsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [...queryKeys.tags, { search: search.trim() }],
    queryFn: ({ signal }) => getTags(search, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export function useTags(search: string) {
  return useQuery(tagsQueryOptions(search));
}
