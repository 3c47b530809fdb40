import { useMutation } from '@tanstack/react-query';
import { routes, type UpdateUserResponse } from '@wyn/contract';
import { api } from '@/lib/api-client';

/**
 * POST bot/update-user/ {email} → a code goes to the new address (`pending_email`); the account keeps
 * its current e-mail until the code is confirmed. Errors are shown by the caller.
 */
export function requestEmailChange(email: string): Promise<UpdateUserResponse> {
  return api.call(routes.updateUser, { body: { email } }, { toast: false });
}

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}
