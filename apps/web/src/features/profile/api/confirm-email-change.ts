import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type UpdateUserConfirmResponse } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { authSession } from '@/lib/session';

/** POST bot/update-user/confirm/ {field: 'email', otp} → the changed user. Errors are shown by the caller. */
export function confirmEmailChange(otp: string): Promise<UpdateUserConfirmResponse> {
  return api.call(routes.updateUserConfirm, { body: { field: 'email', otp } }, { toast: false });
}

export function useConfirmEmailChange() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: (res) => {
      // The stored session user is what screens read the e-mail from.
      if (authSession.isAuthenticated()) authSession.setUser(res.user);
      qc.setQueryData(queryKeys.currentUser, res.user);
    },
  });
}
