import { and, count, eq, gt, inArray } from 'drizzle-orm';
import type { QuestCompletion, ReviewSubmission } from '@wyn/contract';
import type { DbOrTx } from '../../db/client.ts';
import { leaderboardScores, questCompletions, referrals, users } from '../../db/schema/index.ts';
import { levelForXp } from './xp.service.ts';

/**
 * Explainable anti-bot signals (issue #16 item 12): what a creator may want to know about who sent a submission,
 * each as a plain sentence they can read and weigh. Never a score: creators decide.
 */

const DAY = 86_400_000;
/** Proof sent sooner than this after joining the quest is faster than a person reads, does and sends it. */
export const FAST_PROOF_MS = 30_000;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "Joined today", "Joined 2 days ago", "Joined 3 months ago", "Joined 2 years ago". */
export function accountAge(joined: Date, now: Date): string {
  const days = Math.floor((now.getTime() - joined.getTime()) / DAY);
  if (days < 1) return 'Joined today';
  if (days < 60) return `Joined ${plural(days, 'day')} ago`;
  if (days < 730) return `Joined ${plural(Math.floor(days / 30), 'month')} ago`;
  return `Joined ${plural(Math.floor(days / 365), 'year')} ago`;
}

/** "Proof sent 8 seconds after joining the quest", or null when it took a person's time. */
export function fastProof(joinedAt: string, submittedAt: string | null): string | null {
  if (!submittedAt) return null;
  const ms = Date.parse(submittedAt) - Date.parse(joinedAt);
  if (!(ms >= 0 && ms < FAST_PROOF_MS)) return null;
  const seconds = Math.round(ms / 1000);
  return seconds < 1
    ? 'Proof sent within a second of joining the quest'
    : `Proof sent ${plural(seconds, 'second')} after joining the quest`;
}

type Facts = {
  joined: Date;
  telegramId: string | null;
  tgUsername: string | null;
  /** From the last Mini App sign-in; null when never signed in through the Mini App. */
  isPremium: boolean | null;
  xp: number;
  approvals24h: number;
  referred24h: number;
};

export function signalSentences(f: Facts, now: Date): string[] {
  const level = levelForXp(f.xp);
  return [
    accountAge(f.joined, now),
    `Level ${level} (${f.xp} XP)`,
    f.isPremium === null
      ? 'Telegram Premium: unknown'
      : f.isPremium
        ? 'Telegram Premium subscriber'
        : 'No Telegram Premium',
    f.telegramId
      ? f.tgUsername
        ? `Telegram username @${f.tgUsername}`
        : 'No Telegram username'
      : 'Signed up without Telegram',
    f.approvals24h ? `${plural(f.approvals24h, 'approval')} in the last 24 hours` : 'No approvals in the last 24 hours',
    f.referred24h
      ? `Referred ${plural(f.referred24h, 'account')} in the last 24 hours`
      : 'Referred no accounts in the last 24 hours',
  ];
}

/** The page's submissions with their members' signals (a few grouped queries for the whole page). */
export async function withReviewSignals(db: DbOrTx, rows: QuestCompletion[], now: Date): Promise<ReviewSubmission[]> {
  const ids = [...new Set(rows.map((r) => r.user.id))];
  if (!ids.length) return [];
  const since = new Date(now.getTime() - DAY);
  const [people, xp, approvals, referred] = await Promise.all([
    db
      .select({
        id: users.id,
        joined: users.dateJoined,
        telegramId: users.telegramId,
        tgUsername: users.tgUsername,
        isPremium: users.telegramIsPremium,
      })
      .from(users)
      .where(inArray(users.id, ids)),
    db
      .select({ id: leaderboardScores.userId, xp: leaderboardScores.xp })
      .from(leaderboardScores)
      .where(and(eq(leaderboardScores.board, 'all'), inArray(leaderboardScores.userId, ids))),
    db
      .select({ id: questCompletions.userId, n: count() })
      .from(questCompletions)
      .where(
        and(
          inArray(questCompletions.userId, ids),
          eq(questCompletions.verificationStatus, 'approved'),
          gt(questCompletions.verifiedDate, since),
        ),
      )
      .groupBy(questCompletions.userId),
    db
      .select({ id: referrals.referrerId, n: count() })
      .from(referrals)
      .where(and(inArray(referrals.referrerId, ids), gt(referrals.joinedAt, since)))
      .groupBy(referrals.referrerId),
  ]);
  const person = new Map(people.map((p) => [p.id, p]));
  const xpOf = new Map(xp.map((x) => [x.id, x.xp]));
  const approvedOf = new Map(approvals.map((a) => [a.id, a.n]));
  const referredOf = new Map(referred.map((r) => [r.id, r.n]));
  return rows.map((r) => {
    const p = person.get(r.user.id);
    const signals = p
      ? signalSentences(
          {
            joined: p.joined,
            telegramId: p.telegramId,
            tgUsername: p.tgUsername,
            isPremium: p.isPremium,
            xp: xpOf.get(r.user.id) ?? 0,
            approvals24h: approvedOf.get(r.user.id) ?? 0,
            referred24h: referredOf.get(r.user.id) ?? 0,
          },
          now,
        )
      : [];
    const fast = fastProof(r.joined_at, r.submitted_at);
    return { ...r, signals: fast ? [...signals, fast] : signals };
  });
}
