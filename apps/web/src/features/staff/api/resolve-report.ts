import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api, type CallInput, type CallOutput } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { staffKeys } from './staff-keys';

/** POST club/staff/reports/{id}/resolve/: hide the target or dismiss with a note. The screen shows its own toasts. */
export function resolveReport({
  id,
  body,
}: {
  id: string;
  body: CallInput<'staffReportResolve'>['body'];
}): Promise<CallOutput<'staffReportResolve'>> {
  return api.call(routes.staffReportResolve, { params: { id }, body }, { toast: false });
}

export function useResolveReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: resolveReport,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: staffKeys.list('reports') });
      void qc.invalidateQueries({ queryKey: staffKeys.list('audit-log') });
      // What members see on Home may have changed.
      void qc.invalidateQueries({ queryKey: queryKeys.homepage });
    },
  });
}
