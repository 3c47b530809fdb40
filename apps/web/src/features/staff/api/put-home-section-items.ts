import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api, type CallInput, type CallOutput } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { staffKeys } from './staff-keys';

/** PUT club/staff/home-sections/{id}/items/: the carousel's pinned items, replaced, in this order. The screen shows its own toasts. */
export function putHomeSectionItems({
  id,
  body,
}: {
  id: string;
  body: CallInput<'staffHomeSectionItems'>['body'];
}): Promise<CallOutput<'staffHomeSectionItems'>> {
  return api.call(routes.staffHomeSectionItems, { params: { id }, body }, { toast: false });
}

export function usePutHomeSectionItems() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: putHomeSectionItems,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: staffKeys.list('home-sections') });
      void qc.invalidateQueries({ queryKey: staffKeys.list('audit-log') });
      // What members see on Home may have changed.
      void qc.invalidateQueries({ queryKey: queryKeys.homepage });
    },
  });
}
