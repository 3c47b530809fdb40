import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { askForBotMessagesOnce } from '@/lib/telegram';
import type { QuestDetail, Submission } from '../types';
import { questKeys } from './keys';

/** POST club/tasks/{id}/participate/ with a fresh Idempotency-Key per click; errors are toasted by the caller. */
export function participate(questId: string): Promise<Submission> {
  return api.call(
    routes.questParticipate,
    { params: { id: questId } },
    { headers: { 'Idempotency-Key': crypto.randomUUID() }, timeoutMs: 10_000, toast: false },
  );
}

/**
 * Joins; the screen shows the participation at once, and the quest is refetched for its participant count
 * (the server counted the member in the same transaction: adding one here counted them twice, issue #14).
 */
export function useParticipate(questId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => participate(questId),
    onSuccess: (p) => {
      qc.setQueryData<QuestDetail>(questKeys.detail(questId), (q) => (q ? { ...q, my_participation: p } : q));
      // The first join inside Telegram is when bot messages (approval, reward) start to matter.
      void askForBotMessagesOnce();
    },
    onSettled: () => qc.invalidateQueries({ queryKey: questKeys.detail(questId) }),
  });
}
