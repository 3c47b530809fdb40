import { useMutation } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api } from '@/lib/api-client';
import type { Submission } from '../types';
import { useInvalidateQuests } from './invalidate';

/** POST club/task-completions/{id}/approve/ (pays the reward; a fresh Idempotency-Key per click). */
export function approveSubmission(id: string): Promise<Submission> {
  return api.call(
    routes.questCompletionApprove,
    { params: { id } },
    { headers: { 'Idempotency-Key': crypto.randomUUID() } },
  );
}

export function useApproveSubmission() {
  const invalidate = useInvalidateQuests();
  return useMutation({ mutationFn: approveSubmission, onSettled: invalidate });
}
