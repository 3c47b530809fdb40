import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api, type CallOutput } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { staffKeys } from './staff-keys';

/** DELETE club/staff/home-sections/{id}/ (204): the carousel and its pins. The screen shows its own toasts. */
export function deleteHomeSection(id: string): Promise<CallOutput<'staffHomeSectionDelete'>> {
  return api.call(routes.staffHomeSectionDelete, { params: { id } }, { toast: false });
}

export function useDeleteHomeSection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteHomeSection,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: staffKeys.list('home-sections') });
      void qc.invalidateQueries({ queryKey: staffKeys.list('audit-log') });
      // What members see on Home may have changed.
      void qc.invalidateQueries({ queryKey: queryKeys.homepage });
    },
  });
}
