import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api, type CallInput, type CallOutput } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { staffKeys } from './staff-keys';

/** POST club/staff/home-sections/ — a new carousel, after the last one. The screen shows its own toasts. */
export function createHomeSection(
  body: CallInput<'staffHomeSectionCreate'>['body'],
): Promise<CallOutput<'staffHomeSectionCreate'>> {
  return api.call(routes.staffHomeSectionCreate, { body }, { toast: false });
}

export function useCreateHomeSection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createHomeSection,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: staffKeys.list('home-sections') });
      void qc.invalidateQueries({ queryKey: staffKeys.list('audit-log') });
      // What members see on Home may have changed.
      void qc.invalidateQueries({ queryKey: queryKeys.homepage });
    },
  });
}
