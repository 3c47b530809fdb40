import { useMutation } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api } from '@/lib/api-client';
import type { Submission } from '../types';
import { useInvalidateQuests } from './invalidate';

/** POST club/task-completions/{id}/reject/ {reason} — the dialog shows errors inline. */
export function rejectSubmission(id: string, reason: string): Promise<Submission> {
  return api.call(routes.questCompletionReject, { params: { id }, body: { reason: reason.trim() } }, { toast: false });
}

export function useRejectSubmission() {
  const invalidate = useInvalidateQuests();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => rejectSubmission(id, reason),
    onSettled: invalidate,
  });
}
