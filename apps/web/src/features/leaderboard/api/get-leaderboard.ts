import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type LeaderboardPeriod, type LeaderboardResponse } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { LEADERBOARD_PAGE_SIZE } from '../lib/leaderboard';

export type BoardParams = { period: LeaderboardPeriod; creator: string | null; page: number };

export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  board: (p: BoardParams) => ['leaderboard', p.period, p.creator ?? '', p.page] as const,
};

/** GET club/leaderboard/ — the screen shows its own error state, so no toast. */
export function getLeaderboard(p: BoardParams, signal?: AbortSignal): Promise<LeaderboardResponse> {
  return api.call(
    routes.leaderboard,
    {
      query: {
        period: p.period,
        page: p.page,
        page_size: LEADERBOARD_PAGE_SIZE,
        ...(p.creator ? { creator: p.creator } : {}),
      },
    },
    { signal, toast: false },
  );
}

export const leaderboardQueryOptions = (p: BoardParams) =>
  queryOptions({
    queryKey: leaderboardKeys.board(p),
    queryFn: ({ signal }) => getLeaderboard(p, signal),
    // Boards move with every approval: fresh on each visit. The page on screen stays while the next page of the
    // same board loads; another period or club shows its skeleton instead of the previous board's rows and place.
    staleTime: 10_000,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === p.period && previousQuery.queryKey[2] === (p.creator ?? '')
        ? keepPreviousData(previous)
        : undefined,
  });

export function useLeaderboard(p: BoardParams) {
  return useQuery(leaderboardQueryOptions(p));
}
