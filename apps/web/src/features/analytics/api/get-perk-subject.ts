import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api } from '@/lib/api-client';

/** GET club/perks/{id}/details/ — only the perk's title, for the analytics screen's heading. */
export async function getPerkSubject(id: string, signal?: AbortSignal) {
  const perk = await api.call(routes.perkDetails, { params: { id } }, { signal, toast: false });
  return { title: perk.title };
}

export const perkSubjectQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['analytics', 'perk-subject', id] as const,
    queryFn: ({ signal }) => getPerkSubject(id, signal),
    staleTime: 5 * 60_000,
  });

export function usePerkSubject(id: string) {
  return useQuery(perkSubjectQueryOptions(id));
}
