import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import type { MembershipResult } from '../types';
import { questKeys } from './keys';

/** POST club/tasks/{id}/verify_completion/ — automatic check (e.g. the product's own bot was started). */
export function verifyCompletion(questId: string): Promise<MembershipResult> {
  return api.call(routes.questVerifyCompletion, { params: { id: questId } }, { toast: false });
}

export function useVerifyCompletion(questId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => verifyCompletion(questId),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: questKeys.detail(questId) });
      void qc.invalidateQueries({ queryKey: queryKeys.myWallet });
    },
  });
}
