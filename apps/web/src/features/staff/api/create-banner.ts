import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api, type CallInput, type CallOutput } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { staffKeys } from './staff-keys';

/** POST club/staff/banners/ — Home shows it at once when active and in its window. The screen shows its own toasts. */
export function createBanner(body: CallInput<'staffBannerCreate'>['body']): Promise<CallOutput<'staffBannerCreate'>> {
  return api.call(routes.staffBannerCreate, { body }, { toast: false });
}

export function useCreateBanner() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createBanner,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: staffKeys.list('banners') });
      void qc.invalidateQueries({ queryKey: staffKeys.list('audit-log') });
      // What members see on Home may have changed.
      void qc.invalidateQueries({ queryKey: queryKeys.homepage });
    },
  });
}
