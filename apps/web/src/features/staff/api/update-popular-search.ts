import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api, type CallInput, type CallOutput } from '@/lib/api-client';
import { staffKeys } from './staff-keys';

/** PATCH club/staff/popular-searches/{id}/: order, promote, suppress. The screen shows its own toasts. */
export function updatePopularSearch({
  id,
  body,
}: {
  id: string;
  body: CallInput<'staffPopularSearchUpdate'>['body'];
}): Promise<CallOutput<'staffPopularSearchUpdate'>> {
  return api.call(routes.staffPopularSearchUpdate, { params: { id }, body }, { toast: false });
}

export function useUpdatePopularSearch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updatePopularSearch,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: staffKeys.list('popular-searches') });
      void qc.invalidateQueries({ queryKey: staffKeys.list('audit-log') });
    },
  });
}
