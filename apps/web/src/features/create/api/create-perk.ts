import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type PerkDetail } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import type { CreatePerkPayload } from '../lib/perk-form';

/** POST club/perks/ (JSON) — the wizard shows its own failure message. */
export function createPerk(payload: CreatePerkPayload): Promise<PerkDetail> {
  return api.call(routes.perkCreate, { body: payload }, { toast: false });
}

export function useCreatePerk() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createPerk,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['perks'] });
      void qc.invalidateQueries({ queryKey: queryKeys.homepage });
    },
  });
}
