import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { routes, type ProfileCard } from '@wyn/contract';
import { api } from '@/lib/api-client';

/** Members matching `query`, through Explore's search (POST club/explore/search/, users only). */
export async function searchMembers(query: string, signal?: AbortSignal): Promise<ProfileCard[]> {
  const res = await api.call(
    routes.exploreSearch,
    { body: { query, content_type: 'users' } },
    { signal, toast: false },
  );
  return res.content_results.users;
}

export function useMemberSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: ['messages', 'member-search', q] as const,
    queryFn: ({ signal }) => searchMembers(q, signal),
    enabled: q.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
