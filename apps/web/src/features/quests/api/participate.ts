import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { MyParticipation } from '../types';
import { questKeys } from './keys';

/** POST club/tasks/{id}/participate/ with a fresh Idempotency-Key per click; errors are toasted by the caller. */
export function participate(questId: string): Promise<MyParticipation> {
  return api.post<MyParticipation>(apiPaths.questParticipate(questId), undefined, {
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    timeoutMs: 10_000,
    toast: false,
  });
}

export function useParticipate(questId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => participate(questId),
    onSettled: () => qc.invalidateQueries({ queryKey: questKeys.detail(questId) }),
  });
}
