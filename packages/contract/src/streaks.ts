import { z } from 'zod';
import { amountString } from './common.ts';
import { isValidTimeZone } from './streak-values.ts';

/**
 * The daily streak (issue #16 items 5–7): one check-in per member and local day, a small W reward on a weekly
 * schedule and 5 XP; a streak broken by exactly one missed day can be repaired for W within 48 hours of that
 * day's end, at most once per 7 days. Days are the member's own (their IANA timezone, default UTC).
 */

// Zod-free values live in streak-values.ts, so the web app's home screen does not bundle zod for them.
export { CHECK_IN_XP, isValidTimeZone } from './streak-values.ts';

export const timeZoneName = z
  .string()
  .max(64)
  .refine(isValidTimeZone, { message: 'Enter a valid IANA timezone, like Europe/Berlin.' });

export const streakRepairOffer = z.object({
  /** A repair applies now (one missed day, within 48 h of its end, none used in the last 7 days). */
  available: z.boolean(),
  cost: amountString,
  /** The missed local day (`YYYY-MM-DD`) a repair would fill, when there is one. */
  missed_day: z.string().nullable(),
  /** When the repair offer ends (ISO time), when there is one. */
  expires_at: z.string().nullable(),
});
export type StreakRepairOffer = z.infer<typeof streakRepairOffer>;

export const streakStatus = z.object({
  /** Days in a row up to today or yesterday (0 once a day was missed). */
  current: z.number().int(),
  longest: z.number().int(),
  checked_in_today: z.boolean(),
  /** The member's local day now, `YYYY-MM-DD`. */
  today: z.string(),
  /** What the next check-in pays (today's when not checked in yet, else tomorrow's). */
  next_reward: amountString,
  /** Repairs the member may still use in the current 7-day window (0 or 1). */
  repairs_left: z.number().int(),
  timezone: z.string(),
  repair: streakRepairOffer,
});
export type StreakStatus = z.infer<typeof streakStatus>;

export const checkInRequest = z
  .object({
    /** The device's IANA timezone (Telegram or the browser); stored in the member's settings. */
    timezone: timeZoneName.optional(),
  })
  .strict();
export type CheckInRequest = z.infer<typeof checkInRequest>;

export const checkInResult = streakStatus.extend({
  /** The W this check-in paid. */
  reward: amountString,
  xp: z.number().int(),
});
export type CheckInResult = z.infer<typeof checkInResult>;

export const repairResult = streakStatus.extend({
  /** The W the repair cost. */
  charged: amountString,
});
export type RepairResult = z.infer<typeof repairResult>;

/** Error codes and sentences the streak endpoints answer with. */
export const STREAK_CODE = {
  alreadyCheckedIn: 'already_checked_in',
  nothingToRepair: 'nothing_to_repair',
  repairExpired: 'repair_expired',
  repairLimit: 'repair_limit',
} as const;

export const STREAK_MSG = {
  alreadyCheckedIn: 'You already checked in today. Come back tomorrow.',
  nothingToRepair: 'There is no missed day to repair: a repair fills exactly one missed day in your streak.',
  repairExpired: 'The repair window has closed: a missed day can be repaired within 48 hours of its end.',
  repairLimit: 'You already repaired your streak in the last 7 days.',
  insufficient: 'You do not have enough W to repair your streak.',
} as const;
