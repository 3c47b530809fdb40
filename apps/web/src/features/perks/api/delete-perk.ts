import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { myPerksKey } from './get-my-perks';

/** DELETE club/perks/{id}/ (204) — the page shows its own toasts. */
export function deletePerk(id: string): Promise<void> {
  return api.call(routes.perkDelete, { params: { id } }, { toast: false });
}

export function useDeletePerk() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deletePerk,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: myPerksKey });
      void qc.invalidateQueries({ queryKey: ['perks'] });
      void qc.invalidateQueries({ queryKey: queryKeys.homepage });
    },
  });
}
