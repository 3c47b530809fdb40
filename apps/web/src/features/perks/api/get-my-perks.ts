import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS, routes, type MyPerk } from '@wyn/contract';
import { api } from '@/lib/api-client';

export const myPerksKey = ['perks', 'mine'] as const;

/** GET club/perks/my_perks/ — the page shows its own error state, so no toast. */
export async function getMyPerks(signal?: AbortSignal): Promise<MyPerk[]> {
  const page = await api.call(routes.myPerks, { query: { page_size: LIMITS.pageSizeMax } }, { signal, toast: false });
  return page.results ?? [];
}

export const myPerksQueryOptions = () =>
  queryOptions({
    queryKey: myPerksKey,
    queryFn: ({ signal }) => getMyPerks(signal),
  });

export function useMyPerks() {
  return useQuery(myPerksQueryOptions());
}
