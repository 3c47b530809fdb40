import { z } from 'zod';
import { amountInput, amountString, pageQuery } from './common.ts';
import { questCompletion } from './quests.ts';

/**
 * Seasons (issue #16 item 11): staff set a window, a prize pool in W and a payout split for the top N; a job mints
 * the pool into the season's wallet when it starts and pays the split to the top of the season board once when it
 * ends. Also the review queue's explainable signals (item 12), which live beside them in the engagement module.
 */

export const seasonStatuses = ['scheduled', 'active', 'ended', 'paid'] as const;
export const seasonStatus = z.enum(seasonStatuses);
export type SeasonStatus = z.infer<typeof seasonStatus>;

/** At most this many paid places. */
export const SEASON_MAX_PLACES = 10;

export const SEASON_MSG = {
  nameRequired: 'Enter a name',
  startsInvalid: 'Enter a start date and time',
  endsInvalid: 'Enter an end date and time',
  endsBeforeStart: 'The season must end after it starts',
  endsInPast: 'The season must end in the future',
  splitTooMuch: 'The payout split adds up to more than 100%',
  splitPlace: 'Each place gets a whole percent from 1 to 100',
  splitTooLong: `At most ${SEASON_MAX_PLACES} paid places`,
  overlap: 'Another season runs in that window; seasons may not overlap.',
  started: 'This season has started and can no longer be changed.',
  notFound: 'Season not found.',
  prizeTitle: (place: number, season: string) => `You placed #${place} in ${season}`,
  prizeMessage: (amount: string, season: string) => `${amount} from the ${season} prize pool is in your wallet.`,
} as const;

const dateTime = (msg: string) => z.iso.datetime({ offset: true, error: msg });

export const payoutSplit = z
  .array(z.number({ error: SEASON_MSG.splitPlace }).int(SEASON_MSG.splitPlace).min(1, SEASON_MSG.splitPlace).max(100))
  .max(SEASON_MAX_PLACES, SEASON_MSG.splitTooLong)
  .refine((s) => s.reduce((a, b) => a + b, 0) <= 100, SEASON_MSG.splitTooMuch);

const seasonFields = {
  name: z.string({ error: SEASON_MSG.nameRequired }).trim().min(1, SEASON_MSG.nameRequired).max(80),
  starts_at: dateTime(SEASON_MSG.startsInvalid),
  ends_at: dateTime(SEASON_MSG.endsInvalid),
  /** W, minted from the system account when the season starts. */
  prize_pool: amountInput,
  /** Percent of the pool per place, first place first (whole percents, summing to at most 100). */
  payout_split: payoutSplit,
};

/** `POST staff/seasons/`. */
export const seasonCreateRequest = z
  .strictObject(seasonFields)
  .refine((s) => Date.parse(s.ends_at) > Date.parse(s.starts_at), {
    message: SEASON_MSG.endsBeforeStart,
    path: ['ends_at'],
  });
export type SeasonCreateRequest = z.input<typeof seasonCreateRequest>;

/** `PATCH staff/seasons/:id/` (only before the season starts). */
export const seasonUpdateRequest = z.strictObject(seasonFields).partial();
export type SeasonUpdateRequest = z.input<typeof seasonUpdateRequest>;

export const seasonListQuery = pageQuery;

/** A season as staff and members see it. `prizes`: what each paid place gets, first place first. */
export const season = z.object({
  id: z.uuid(),
  name: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  prize_pool: amountString,
  payout_split: z.array(z.number().int()),
  prizes: z.array(amountString),
  status: seasonStatus,
  funded_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
});
export type Season = z.infer<typeof season>;

/** One row of the season board: ranked like the leaderboard (ties share a rank). */
export const seasonStanding = z.object({
  rank: z.number().int(),
  profile: z.object({ id: z.uuid(), name: z.string(), avatar: z.string().nullable() }),
  xp: z.number().int(),
  level: z.number().int(),
});
export type SeasonStanding = z.infer<typeof seasonStanding>;

/** `GET seasons/current/`: the running season (else the next scheduled one, else null) and its board's top. */
export const currentSeason = z.object({
  season: season.nullable(),
  top: z.array(seasonStanding),
  me: z.object({ rank: z.number().int(), xp: z.number().int(), level: z.number().int() }).nullable(),
});
export type CurrentSeason = z.infer<typeof currentSeason>;

/**
 * A submission in the creator's review queue, with the member's signals: plain sentences the creator reads and
 * weighs ("Joined 2 days ago", "No Telegram username"), never a hidden score.
 */
export const reviewSubmission = questCompletion.extend({ signals: z.array(z.string()) });
export type ReviewSubmission = z.infer<typeof reviewSubmission>;
