import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { questKeys } from './keys';

/** POST club/tasks/{id}/close/: the creator closes the quest; the unused budget goes back to their wallet. */
export function closeQuest(questId: string) {
  return api.call(routes.questClose, { params: { id: questId } });
}

export function useCloseQuest(questId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => closeQuest(questId),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: questKeys.detail(questId) }),
        qc.invalidateQueries({ queryKey: queryKeys.myWallet }),
      ]),
  });
}
