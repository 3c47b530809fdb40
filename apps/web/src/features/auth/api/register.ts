import { useMutation } from '@tanstack/react-query';
import type { RegisterRequest, RegisterResponse } from '@wyn/contract';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/** POST bot/register/ → {detail, identifier, delivery}. Field errors are shown inline. */
export function register(input: RegisterRequest): Promise<RegisterResponse> {
  return api.post<RegisterResponse>(apiPaths.register, input, { toast: false });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
