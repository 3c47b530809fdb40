import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type StreakStatus } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { useIsAuthenticated } from '@/lib/session';

export const streakKeys = { mine: ['me', 'streak'] as const };

/** GET club/streak/ — the card shows its own error state, so no toast. */
export function getStreak(signal?: AbortSignal): Promise<StreakStatus> {
  return api.call(routes.streak, {}, { signal, toast: false });
}

export const streakQueryOptions = () =>
  queryOptions({
    queryKey: streakKeys.mine,
    queryFn: ({ signal }) => getStreak(signal),
    // The day can turn while the app is open; a minute keeps "checked in today" honest without polling.
    staleTime: 60_000,
  });

export function useStreak() {
  const signedIn = useIsAuthenticated();
  return useQuery({ ...streakQueryOptions(), enabled: signedIn });
}
