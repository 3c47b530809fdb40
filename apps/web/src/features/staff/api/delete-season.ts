import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api, type CallOutput } from '@/lib/api-client';
import { staffKeys } from './staff-keys';

/** DELETE club/staff/seasons/{id}/ (204; 409 once it has started). The screen shows its own toasts. */
export function deleteSeason(id: string): Promise<CallOutput<'staffSeasonDelete'>> {
  return api.call(routes.staffSeasonDelete, { params: { id } }, { toast: false });
}

export function useDeleteSeason() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteSeason,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: staffKeys.list('seasons') });
      void qc.invalidateQueries({ queryKey: staffKeys.list('audit-log') });
      void qc.invalidateQueries({ queryKey: ['seasons'] });
    },
  });
}
