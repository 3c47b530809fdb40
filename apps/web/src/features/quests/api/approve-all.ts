import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { useInvalidateQuests } from './invalidate';

export interface ApproveAllResult {
  approved: number;
  failed: number;
  detail: string;
}

/** POST club/task-completions/approve_all/ {task}. */
export function approveAllSubmissions(questId: string): Promise<ApproveAllResult> {
  return api.post<ApproveAllResult>(
    apiPaths.questCompletionsApproveAll,
    { task: questId },
    { headers: { 'Idempotency-Key': crypto.randomUUID() } },
  );
}

export function useApproveAll() {
  const invalidate = useInvalidateQuests();
  return useMutation({ mutationFn: approveAllSubmissions, onSettled: invalidate });
}
