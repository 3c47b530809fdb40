import { defineEndpoints } from '../endpoint.ts';
import { referralsResponse } from '../referrals.ts';

/** Invites (issue #16 items 8–10): the member's own code, link and invitees. */
export const referralsEndpoints = defineEndpoints('referrals', {
  referrals: {
    method: 'GET',
    path: 'club/referrals/',
    auth: 'member',
    summary:
      "The signed-in member's referral code and link, the members they invited (pending, qualified or expired) and what inviting has earned them.",
    responses: { 200: referralsResponse },
  },
});
