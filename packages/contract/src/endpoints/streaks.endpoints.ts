import { defineEndpoints } from '../endpoint.ts';
import { checkInRequest, checkInResult, repairResult, streakStatus } from '../streaks.ts';

/** The daily streak (issue #16 items 5–7). */
export const streaksEndpoints = defineEndpoints('streaks', {
  streak: {
    method: 'GET',
    path: 'club/streak/',
    auth: 'member',
    summary: "The signed-in member's daily streak: current, longest, today's check-in, next reward, repair offer.",
    responses: { 200: streakStatus },
  },
  streakCheckIn: {
    method: 'POST',
    path: 'club/streak/check-in/',
    auth: 'member',
    summary:
      "Check in for the member's local day: pays the day's W reward and 5 XP. 409 already_checked_in after the first.",
    // A check-in may be sent without a body (no timezone to store).
    body: checkInRequest.nullish(),
    responses: { 200: checkInResult },
  },
  streakRepair: {
    method: 'POST',
    path: 'club/streak/repair/',
    auth: 'member',
    summary:
      'Repair a streak broken by exactly one missed day (within 48 h of its end, once per 7 days) for STREAK_REPAIR_COST W.',
    responses: { 200: repairResult },
  },
});
