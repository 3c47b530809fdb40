import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type PerkDetail, type UpdatePerkRequest } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/** GET club/perks/{id}/details/ for the edit screen: the creator receives the perk's content. */
export function getPerkForEdit(id: string, signal?: AbortSignal): Promise<PerkDetail> {
  return api.call(routes.perkDetails, { params: { id } }, { signal, toast: false });
}

export const perkForEditQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['perks', 'edit', id] as const,
    queryFn: ({ signal }) => getPerkForEdit(id, signal),
    staleTime: 0,
  });

export function usePerkForEdit(id: string) {
  return useQuery(perkForEditQueryOptions(id));
}

/** PATCH club/perks/{id}/ with only the changed, allowed fields. */
export function updatePerk({ id, changes }: { id: string; changes: UpdatePerkRequest }): Promise<PerkDetail> {
  return api.call(routes.perkUpdate, { params: { id }, body: changes }, { toast: false });
}

export function useUpdatePerk() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updatePerk,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['perks'] });
      void qc.invalidateQueries({ queryKey: queryKeys.homepage });
    },
  });
}
