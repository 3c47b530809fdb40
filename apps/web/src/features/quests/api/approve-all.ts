import { useMutation } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api, type CallOutput } from '@/lib/api-client';
import { useInvalidateQuests } from './invalidate';

export type ApproveAllResult = CallOutput<'questCompletionsApproveAll'>;

/** POST club/task-completions/approve_all/ {task}. */
export function approveAllSubmissions(questId: string): Promise<ApproveAllResult> {
  return api.call(
    routes.questCompletionsApproveAll,
    { body: { task: questId } },
    { headers: { 'Idempotency-Key': crypto.randomUUID() } },
  );
}

export function useApproveAll() {
  const invalidate = useInvalidateQuests();
  return useMutation({ mutationFn: approveAllSubmissions, onSettled: invalidate });
}
