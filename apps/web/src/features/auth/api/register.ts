import { useMutation } from '@tanstack/react-query';
import { routes, type RegisterRequest, type RegisterResponse } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { referralCode } from '@/lib/start-link';

/**
 * POST bot/register/ → {detail, identifier, delivery}. Field errors are shown inline. Carries the code of an
 * `r_<code>` invitation this browser arrived through (the server ignores one that does not apply).
 */
export function register(input: RegisterRequest): Promise<RegisterResponse> {
  const code = input.referral_code ?? referralCode();
  return api.call(routes.register, { body: code ? { ...input, referral_code: code } : input }, { toast: false });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
