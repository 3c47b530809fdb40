/**
 * Levels in plain values (docs/product.md, "XP and levels"): shared by the server and the web app, kept apart from
 * the leaderboard's schemas (leaderboard.ts) so a page that says what level a quest needs loads no zod.
 */

/** The XP a level starts at: level L needs 50·(L−1)·L (1 → 0, 2 → 100, 3 → 300, 4 → 600, …). */
export const xpForLevel = (level: number): number => 50 * (level - 1) * level;

export const leaderboardPeriods = ['week', 'month', 'all', 'season'] as const;

/** The 403 a member below a quest's or perk's `min_level` gets (and what its page says before they try). */
export const levelNeededMessage = (
  what: 'quest' | 'perk',
  need: number,
  have: { xp: number; level: number },
): string => {
  const toGo = Math.max(0, xpForLevel(need) - have.xp);
  return `This ${what} needs level ${need}. You are level ${have.level}: ${toGo} XP to go.`;
};

/** Highest `min_level` a creator may ask for. */
export const MIN_LEVEL_MAX = 100;
