import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api, type CallInput, type CallOutput } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { staffKeys } from './staff-keys';

/** POST club/staff/moderation/: hide or unhide one quest, perk, profile or message. The screen shows its own toasts. */
export function moderate(body: CallInput<'staffModerate'>['body']): Promise<CallOutput<'staffModerate'>> {
  return api.call(routes.staffModerate, { body }, { toast: false });
}

export function useModerate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: moderate,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: staffKeys.list('reports') });
      void qc.invalidateQueries({ queryKey: staffKeys.list('members') });
      void qc.invalidateQueries({ queryKey: staffKeys.list('audit-log') });
      // What members see on Home may have changed.
      void qc.invalidateQueries({ queryKey: queryKeys.homepage });
    },
  });
}
