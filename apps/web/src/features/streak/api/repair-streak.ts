import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type RepairResult, type StreakStatus } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { streakKeys } from './get-streak';

/** POST club/streak/repair/ — spends W; errors (409 no longer applies, 400 not enough W) are shown by the card. */
export function repairStreak(): Promise<RepairResult> {
  return api.call(routes.streakRepair, {}, { toast: false });
}

export function useRepairStreak() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: repairStreak,
    onSuccess: (res) => {
      const { charged: _charged, ...status } = res;
      qc.setQueryData<StreakStatus>(streakKeys.mine, status);
      void qc.invalidateQueries({ queryKey: queryKeys.myWallet });
      void qc.invalidateQueries({ queryKey: ['wallet'] });
    },
    onError: () => void qc.invalidateQueries({ queryKey: streakKeys.mine }),
  });
}
