import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api, type CallOutput } from '@/lib/api-client';

export const seasonKeys = { current: ['seasons', 'current'] as const };

/** GET club/seasons/current/: the running (or next) season, its prizes, the board's top and my place. */
export function getCurrentSeason(signal?: AbortSignal): Promise<CallOutput<'seasonCurrent'>> {
  return api.call(routes.seasonCurrent, {}, { signal, toast: false });
}

export const currentSeasonQueryOptions = () =>
  queryOptions({
    queryKey: seasonKeys.current,
    queryFn: ({ signal }) => getCurrentSeason(signal),
    // The board moves as members earn XP; a minute is fresh enough for a card.
    staleTime: 60_000,
  });

export function useCurrentSeason() {
  return useQuery(currentSeasonQueryOptions());
}
