import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api, type CallInput, type CallOutput } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { staffKeys } from './staff-keys';

/** PATCH club/staff/banners/{id}/ with the changed fields. The screen shows its own toasts. */
export function updateBanner({
  id,
  body,
}: {
  id: string;
  body: CallInput<'staffBannerUpdate'>['body'];
}): Promise<CallOutput<'staffBannerUpdate'>> {
  return api.call(routes.staffBannerUpdate, { params: { id }, body }, { toast: false });
}

export function useUpdateBanner() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateBanner,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: staffKeys.list('banners') });
      void qc.invalidateQueries({ queryKey: staffKeys.list('audit-log') });
      // What members see on Home may have changed.
      void qc.invalidateQueries({ queryKey: queryKeys.homepage });
    },
  });
}
