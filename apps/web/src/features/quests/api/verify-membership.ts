import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import type { MembershipResult } from '../types';
import { questKeys } from './keys';

/** POST club/telegram/verify-membership/ {task_id} — asks the bot whether the member joined the channel. */
export function verifyMembership(questId: string): Promise<MembershipResult> {
  return api.call(routes.verifyMembership, { body: { task_id: questId } }, { toast: false });
}

export function useVerifyMembership(questId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => verifyMembership(questId),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: questKeys.detail(questId) });
      void qc.invalidateQueries({ queryKey: queryKeys.myWallet });
    },
  });
}
