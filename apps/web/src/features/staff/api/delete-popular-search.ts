import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api, type CallOutput } from '@/lib/api-client';
import { staffKeys } from './staff-keys';

/** DELETE club/staff/popular-searches/{id}/ (204; curated terms only). The screen shows its own toasts. */
export function deletePopularSearch(id: string): Promise<CallOutput<'staffPopularSearchDelete'>> {
  return api.call(routes.staffPopularSearchDelete, { params: { id } }, { toast: false });
}

export function useDeletePopularSearch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deletePopularSearch,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: staffKeys.list('popular-searches') });
      void qc.invalidateQueries({ queryKey: staffKeys.list('audit-log') });
    },
  });
}
