import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type UpdateQuestRequest } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import type { QuestDetail } from '../types';
import { questQueryOptions } from './get-quest';
import { questKeys } from './keys';

/**
 * The quest for its edit screen: the detail query, read fresh (places taken and status decide what may
 * change), sharing the quest screen's cache entry.
 */
export function useQuestForEdit(id: string) {
  return useQuery({ ...questQueryOptions(id), staleTime: 0 });
}

/** PATCH club/tasks/{id}/ with only the changed fields; the edit screen shows its own failure message. */
export function updateQuest({ id, changes }: { id: string; changes: UpdateQuestRequest }): Promise<QuestDetail> {
  return api.call(routes.questUpdate, { params: { id }, body: changes }, { toast: false });
}

export function useUpdateQuest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateQuest,
    onSuccess: (quest) => {
      // The answer is the quest as its creator sees it: the quest screen shows it at once.
      qc.setQueryData(questKeys.detail(quest.id), quest);
      // Its cards (home, explore, to review) and, when places changed, the escrow moved W in or out of the wallet.
      void qc.invalidateQueries({
        queryKey: questKeys.all,
        predicate: (q) => q.queryKey[1] !== 'detail' || q.queryKey[2] !== quest.id,
      });
      void qc.invalidateQueries({ queryKey: queryKeys.homepage });
      void qc.invalidateQueries({ queryKey: ['explore'] });
      void qc.invalidateQueries({ queryKey: queryKeys.myWallet });
      void qc.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}
