import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type CheckInResult, type StreakStatus } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { deviceTimeZone } from '../lib/device-time-zone';
import { streakKeys } from './get-streak';

/**
 * POST club/streak/check-in/ with the device's timezone (the browser's, which is also Telegram's inside the Mini
 * App), so the member's day is their own. Errors are shown by the card (409: already checked in).
 */
export function checkIn(): Promise<CheckInResult> {
  const timezone = deviceTimeZone();
  return api.call(routes.streakCheckIn, { body: timezone ? { timezone } : {} }, { toast: false });
}

export function useCheckIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: checkIn,
    onSuccess: (res) => {
      const { reward: _reward, xp: _xp, ...status } = res;
      qc.setQueryData<StreakStatus>(streakKeys.mine, status);
      // The reward landed in the wallet; the stored timezone is in the settings.
      void qc.invalidateQueries({ queryKey: queryKeys.myWallet });
      void qc.invalidateQueries({ queryKey: ['wallet'] });
      void qc.invalidateQueries({ queryKey: queryKeys.settings });
    },
    onError: () => void qc.invalidateQueries({ queryKey: streakKeys.mine }),
  });
}
