import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api } from '@/lib/api-client';
import type { QuestDetail } from '../types';
import { questKeys } from './keys';

/** POST club/tasks/{id}/share/ — counts a share that happened; a failed count is not worth a toast. */
export function shareQuest(questId: string): Promise<{ shares_count: number }> {
  return api.call(routes.questShare, { params: { id: questId } }, { toast: false });
}

export function useShareQuest(questId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => shareQuest(questId),
    onSuccess: (res) =>
      qc.setQueryData<QuestDetail>(questKeys.detail(questId), (q) =>
        q ? { ...q, shares_count: res.shares_count } : q,
      ),
  });
}
