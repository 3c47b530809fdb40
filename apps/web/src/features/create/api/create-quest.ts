import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type QuestDetail } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import type { CreateQuestPayload } from '../lib/quest-form';

/** The created quest; only its id is used here. */
export type CreatedQuest = QuestDetail;

/** POST club/tasks/ — the wizard shows its own failure message. */
export function createQuest(payload: CreateQuestPayload): Promise<CreatedQuest> {
  return api.call(routes.questCreate, { body: payload }, { toast: false });
}

export function useCreateQuest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createQuest,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.myWallet });
      void qc.invalidateQueries({ queryKey: queryKeys.homepage });
    },
  });
}
