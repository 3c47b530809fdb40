import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type PerkDetail } from '@wyn/contract';
import { api } from '@/lib/api-client';

export const perkDetailKey = (id: string) => ['perks', 'detail', id] as const;

/** GET club/perks/{id}/details/ — the page shows its own error state, so no toast. */
export function getPerk(id: string, signal?: AbortSignal): Promise<PerkDetail> {
  return api.call(routes.perkDetails, { params: { id } }, { signal, toast: false });
}

export const perkQueryOptions = (id: string) =>
  queryOptions({
    queryKey: perkDetailKey(id),
    queryFn: ({ signal }) => getPerk(id, signal),
    staleTime: 60_000,
  });

export function usePerk(id: string) {
  return useQuery(perkQueryOptions(id));
}
