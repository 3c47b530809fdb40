import { useMutation } from '@tanstack/react-query';
import {
  routes,
  type PasswordResetConfirmRequest,
  type PasswordResetRequest,
  type PasswordResetResponse,
} from '@wyn/contract';
import { api } from '@/lib/api-client';

/** POST bot/password-reset/ → {detail}, the same answer whether or not the account exists. */
export function requestPasswordReset(input: PasswordResetRequest): Promise<PasswordResetResponse> {
  return api.call(routes.passwordReset, { body: input }, { toast: false });
}

/** POST bot/password-reset/confirm/ → {detail}; the member then signs in with the new password. */
export function confirmPasswordReset(input: PasswordResetConfirmRequest): Promise<PasswordResetResponse> {
  return api.call(routes.passwordResetConfirm, { body: input }, { toast: false });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
