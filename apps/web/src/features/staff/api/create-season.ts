import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api, type CallInput, type CallOutput } from '@/lib/api-client';
import { staffKeys } from './staff-keys';

/** POST club/staff/seasons/: the prize pool is minted when the season starts. The screen shows its own toasts. */
export function createSeason(body: CallInput<'staffSeasonCreate'>['body']): Promise<CallOutput<'staffSeasonCreate'>> {
  return api.call(routes.staffSeasonCreate, { body }, { toast: false });
}

export function useCreateSeason() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createSeason,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: staffKeys.list('seasons') });
      void qc.invalidateQueries({ queryKey: staffKeys.list('audit-log') });
      void qc.invalidateQueries({ queryKey: ['seasons'] });
    },
  });
}
