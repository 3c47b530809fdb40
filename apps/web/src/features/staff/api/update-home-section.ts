import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api, type CallInput, type CallOutput } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { staffKeys } from './staff-keys';

/** PATCH club/staff/home-sections/{id}/: rename, reorder or hide. The screen shows its own toasts. */
export function updateHomeSection({
  id,
  body,
}: {
  id: string;
  body: CallInput<'staffHomeSectionUpdate'>['body'];
}): Promise<CallOutput<'staffHomeSectionUpdate'>> {
  return api.call(routes.staffHomeSectionUpdate, { params: { id }, body }, { toast: false });
}

export function useUpdateHomeSection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateHomeSection,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: staffKeys.list('home-sections') });
      void qc.invalidateQueries({ queryKey: staffKeys.list('audit-log') });
      // What members see on Home may have changed.
      void qc.invalidateQueries({ queryKey: queryKeys.homepage });
    },
  });
}
