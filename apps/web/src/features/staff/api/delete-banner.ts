import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api, type CallOutput } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { staffKeys } from './staff-keys';

/** DELETE club/staff/banners/{id}/ (204). The screen shows its own toasts. */
export function deleteBanner(id: string): Promise<CallOutput<'staffBannerDelete'>> {
  return api.call(routes.staffBannerDelete, { params: { id } }, { toast: false });
}

export function useDeleteBanner() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteBanner,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: staffKeys.list('banners') });
      void qc.invalidateQueries({ queryKey: staffKeys.list('audit-log') });
      // What members see on Home may have changed.
      void qc.invalidateQueries({ queryKey: queryKeys.homepage });
    },
  });
}
