import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api, type CallInput, type CallOutput } from '@/lib/api-client';
import { staffKeys } from './staff-keys';

/** PATCH club/staff/users/{id}/: disable/enable the account, grant/revoke staff. The screen shows its own toasts. */
export function updateMember({
  id,
  body,
}: {
  id: string;
  body: CallInput<'staffUserUpdate'>['body'];
}): Promise<CallOutput<'staffUserUpdate'>> {
  return api.call(routes.staffUserUpdate, { params: { id }, body }, { toast: false });
}

export function useUpdateMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: staffKeys.list('members') });
      void qc.invalidateQueries({ queryKey: staffKeys.list('audit-log') });
    },
  });
}
