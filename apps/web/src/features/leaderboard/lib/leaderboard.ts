import { leaderboardPeriods, type LeaderboardPeriod } from '@wyn/contract';

export const PERIOD_LABELS: Record<LeaderboardPeriod, string> = {
  week: 'Week',
  month: 'Month',
  all: 'All time',
  season: 'Season',
};

export const LEADERBOARD_PAGE_SIZE = 20;

/** The board the address asks for: a known period (all time otherwise), a page from 1. */
export function readBoardParams(search: URLSearchParams): {
  period: LeaderboardPeriod;
  creator: string | null;
  page: number;
} {
  const raw = search.get('period');
  const period = (leaderboardPeriods as readonly string[]).includes(raw ?? '') ? (raw as LeaderboardPeriod) : 'all';
  const page = Math.max(1, Math.floor(Number(search.get('page')) || 1));
  return { period, creator: search.get('creator') || null, page };
}

/** How a rank reads: the top three get medals, the rest their number. */
export function rankLabel(rank: number): string {
  return rank === 1 ? '🥇' : rank === 2 ? '🥈' : rank === 3 ? '🥉' : `#${rank}`;
}

/** "120 XP to level 3" from a member's XP and the XP their next level starts at. */
export function toNextLevel(xp: number, level: number, nextLevelXp: number): string {
  return `${Math.max(0, nextLevelXp - xp)} XP to level ${level + 1}`;
}
