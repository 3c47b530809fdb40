import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, TIMINGS } from '@wyn/contract';
import { api } from '@/lib/api-client';
import type { Submission } from '../types';
import { questKeys } from './keys';

export interface ProofInput {
  text: string;
  image: File | null;
  data?: Record<string, unknown>;
}

/** POST club/tasks/{id}/submit_proof/ as multipart: proof_text, proof_image, proof_data (JSON string). */
export function submitProof(questId: string, input: ProofInput): Promise<Submission> {
  const body = new FormData();
  body.append('proof_text', input.text.trim());
  if (input.image) body.append('proof_image', input.image);
  body.append('proof_data', JSON.stringify(input.data ?? {}));
  return api.call(
    routes.questSubmitProof,
    { params: { id: questId }, body },
    { toast: false, timeoutMs: TIMINGS.uploadTimeoutMs },
  );
}

export function useSubmitProof(questId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ProofInput) => submitProof(questId, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: questKeys.detail(questId) }),
  });
}
