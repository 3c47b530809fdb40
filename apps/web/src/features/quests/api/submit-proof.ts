import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { MyParticipation } from '../types';
import { questKeys } from './keys';

export interface ProofInput {
  text: string;
  image: File | null;
  data?: Record<string, unknown>;
}

/** POST club/tasks/{id}/submit_proof/ as multipart: proof_text, proof_image, proof_data (JSON string). */
export function submitProof(questId: string, input: ProofInput): Promise<MyParticipation> {
  const body = new FormData();
  body.append('proof_text', input.text.trim());
  if (input.image) body.append('proof_image', input.image);
  body.append('proof_data', JSON.stringify(input.data ?? {}));
  return api.post<MyParticipation>(apiPaths.questSubmitProof(questId), body, { toast: false, timeoutMs: 60_000 });
}

export function useSubmitProof(questId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ProofInput) => submitProof(questId, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: questKeys.detail(questId) }),
  });
}
