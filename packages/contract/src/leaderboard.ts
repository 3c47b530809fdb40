import { z } from 'zod';
import { pageQuery, paginated, uuid } from './common.ts';
import { leaderboardPeriods, MIN_LEVEL_MAX } from './levels.ts';

/** XP, levels and leaderboards (issue #16 items 1–4; docs/product.md, "XP and levels"). */

/** A member's XP and level: `next_level_xp` is the total XP the next level starts at. */
export const xpLevelFields = {
  xp: z.number().int(),
  level: z.number().int(),
  next_level_xp: z.number().int(),
};
export const xpLevelState = z.object(xpLevelFields);
export type XpLevelState = z.infer<typeof xpLevelState>;

export { leaderboardPeriods, levelNeededMessage, MIN_LEVEL_MAX, xpForLevel } from './levels.ts';

export const leaderboardPeriod = z.enum(leaderboardPeriods);
export type LeaderboardPeriod = z.infer<typeof leaderboardPeriod>;

/** `GET club/leaderboard/`: `creator` ranks XP earned on that creator's quests (a club's own board). */
export const leaderboardQuery = pageQuery.extend({
  period: leaderboardPeriod.default('all'),
  creator: uuid.toLowerCase().optional(),
});
export type LeaderboardQuery = z.input<typeof leaderboardQuery>;

export const leaderboardRow = z.object({
  /** Ties share a rank (1, 1, 3). */
  rank: z.number().int(),
  profile: z.object({ id: z.uuid(), name: z.string(), avatar: z.string().nullable() }),
  xp: z.number().int(),
  level: z.number().int(),
});
export type LeaderboardRow = z.infer<typeof leaderboardRow>;

export const leaderboardResponse = paginated(leaderboardRow).extend({
  /** The caller's place on this board; null when they have no XP on it (or are hidden). */
  me: z.object({ rank: z.number().int(), xp: z.number().int(), level: z.number().int() }).nullable(),
  /** The season the `season` period shows, or null when none runs (then the board is empty). */
  season: z.object({ id: z.uuid(), name: z.string(), ends_at: z.string() }).nullable(),
});
export type LeaderboardResponse = z.infer<typeof leaderboardResponse>;

const minLevelMessage = `Minimum level must be a whole number from 0 to ${MIN_LEVEL_MAX}`;
/** `min_level` of a quest or perk (0: anyone); a string in multipart bodies, blank means not set. */
export const minLevelField = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce
    .number(minLevelMessage)
    .int(minLevelMessage)
    .min(0, minLevelMessage)
    .max(MIN_LEVEL_MAX, minLevelMessage)
    .optional(),
);
