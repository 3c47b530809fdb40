import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated, Tag } from '@wyn/contract';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/** GET club/tags/?search= (a list or a page of tags). */
export async function getTags(search: string, signal?: AbortSignal): Promise<Tag[]> {
  const data = await api.get<Paginated<Tag> | Tag[]>(apiPaths.tags, {
    query: { search: search.trim() || undefined, page_size: 50 },
    signal,
    toast: false,
  });
  return Array.isArray(data) ? data : (data?.results ?? []);
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
