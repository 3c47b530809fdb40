import { defineEndpoints } from '../endpoint.ts';
import { leaderboardQuery, leaderboardResponse } from '../leaderboard.ts';

export const leaderboardEndpoints = defineEndpoints('leaderboard', {
  leaderboard: {
    method: 'GET',
    path: 'club/leaderboard/',
    auth: 'member',
    summary:
      "Members ranked by XP for a period (week since Monday 00:00 UTC, month, all time, the running season), or by XP earned on one creator's quests; ties share a rank, hidden and disabled members are left out; `me` is the caller's place.",
    query: leaderboardQuery,
    responses: { 200: leaderboardResponse },
  },
});
