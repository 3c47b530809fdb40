import { analyticsQuery, creatorSummary } from '../creator-tools.ts';
import { defineEndpoints } from '../endpoint.ts';

/** What a creator sees across their own quests and perks (issue #15 item 13). */
export const creatorEndpoints = defineEndpoints('creator', {
  creatorSummary: {
    method: 'GET',
    path: 'club/creator/summary/',
    auth: 'member',
    summary:
      "The signed-in creator's quests and perks over the last 30 or 90 days: views, joins, W paid, redemptions, W earned.",
    query: analyticsQuery,
    responses: { 200: creatorSummary },
  },
});
