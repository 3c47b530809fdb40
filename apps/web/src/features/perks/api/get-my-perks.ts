import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyPerk } from '@wyn/contract';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

export const myPerksKey = ['perks', 'mine'] as const;

interface MyPerksPage {
  results: MyPerk[];
  count: number;
}

/** GET club/perks/my_perks/ — the page shows its own error state, so no toast. */
export async function getMyPerks(signal?: AbortSignal): Promise<MyPerk[]> {
  const page = await api.get<MyPerksPage>(apiPaths.myPerks, { signal, toast: false, query: { page_size: 100 } });
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
