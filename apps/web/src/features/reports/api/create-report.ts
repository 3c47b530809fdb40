import { useMutation } from '@tanstack/react-query';
import { routes, type ReportCreateRequest } from '@wyn/contract';
import { api, type CallOutput } from '@/lib/api-client';

/** POST club/reports/: a member reports a quest, perk, profile or message (the dialog shows its own toasts). */
export function createReport(body: ReportCreateRequest): Promise<CallOutput<'reportCreate'>> {
  return api.call(routes.reportCreate, { body }, { toast: false });
}

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
