import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api, type CallInput, type CallOutput } from '@/lib/api-client';
import { staffKeys } from './staff-keys';

/** POST club/staff/popular-searches/ — a curated term (an existing one is promoted). The screen shows its own toasts. */
export function createPopularSearch(
  body: CallInput<'staffPopularSearchCreate'>['body'],
): Promise<CallOutput<'staffPopularSearchCreate'>> {
  return api.call(routes.staffPopularSearchCreate, { body }, { toast: false });
}

export function useCreatePopularSearch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createPopularSearch,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: staffKeys.list('popular-searches') });
      void qc.invalidateQueries({ queryKey: staffKeys.list('audit-log') });
    },
  });
}
