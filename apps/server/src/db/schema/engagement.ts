import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from './columns.ts';
import { users } from './users.ts';

/** The engagement loop (issue #16): XP, leaderboards, streaks, referrals and seasons. */

export const xpSources = ['quest', 'check_in', 'referral', 'season', 'achievement'] as const;

/**
 * XP is not money: its own append-only ledger (a trigger refuses UPDATE and DELETE), never spent or sent. One
 * entry per (member, source, source id), so an award is made exactly once however often its event is handled.
 */
export const xpEntries = pgTable(
  'xp_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    source: text('source', { enum: xpSources }).notNull(),
    /** The approved completion, the check-in day, the referral, … that earned it. */
    sourceId: text('source_id').notNull(),
    /** For quest XP: the quest's creator (a club's own board ranks XP earned on its quests). */
    creatorId: uuid('creator_id'),
    createdAt: createdAt(),
  },
  (t) => [
    check('xp_entries_amount_pos', sql`${t.amount} > 0`),
    uniqueIndex('xp_entries_once_uq').on(t.userId, t.source, t.sourceId),
    index('xp_entries_user_idx').on(t.userId, t.createdAt),
    index('xp_entries_created_idx').on(t.createdAt),
  ],
);

/**
 * Leaderboard totals, kept in the transaction that writes each XP entry: one row per board and member.
 * Boards: `all`, `week:<monday YYYY-MM-DD>`, `month:<YYYY-MM>`, `season:<id>`, each also per creator as
 * `<board>|c:<creator id>`. A page and a member's rank read the (board, xp) index, flat at 100k members.
 */
export const leaderboardScores = pgTable(
  'leaderboard_scores',
  {
    board: text('board').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    xp: bigint('xp', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.board, t.userId] }), index('leaderboard_scores_rank_idx').on(t.board, t.xp)],
);

/** A member's daily streak; the days themselves are `streak_check_ins`. */
export const streaks = pgTable('streaks', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  current: integer('current').notNull().default(0),
  longest: integer('longest').notNull().default(0),
  /** The member's local day of the last check-in (or repaired day). */
  lastDay: date('last_day', { mode: 'string' }),
  lastRepairAt: tstz('last_repair_at'),
  /** The local day a reminder was last sent for (one a day). */
  remindedDay: date('reminded_day', { mode: 'string' }),
  updatedAt: updatedAt(),
});

/** One check-in per member and local day (the unique key makes a second one a 409, also under a race). */
export const streakCheckIns = pgTable(
  'streak_check_ins',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** `check_in` or `repair` (a repaired missed day). */
    kind: text('kind', { enum: ['check_in', 'repair'] })
      .notNull()
      .default('check_in'),
    streakDay: integer('streak_day').notNull(),
    rewardAmount: bigint('reward_amount', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export const referralStatuses = ['pending', 'qualified', 'expired'] as const;

/** Who invited whom; an invitee is referred at most once (primary key). */
export const referrals = pgTable(
  'referrals',
  {
    inviteeId: uuid('invitee_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: referralStatuses }).notNull().default('pending'),
    joinedAt: createdAt(),
    qualifiedAt: tstz('qualified_at'),
  },
  (t) => [
    check('referrals_not_self', sql`${t.inviteeId} <> ${t.referrerId}`),
    index('referrals_referrer_idx').on(t.referrerId, t.joinedAt),
    index('referrals_qualified_idx').on(t.referrerId, t.qualifiedAt),
  ],
);

export const seasonStatuses = ['scheduled', 'active', 'ended', 'paid'] as const;

/** A season: its own board, and a prize pool minted into a season wallet when it starts, paid out once. */
export const seasons = pgTable(
  'seasons',
  {
    id: id(),
    name: text('name').notNull(),
    startsAt: tstz('starts_at').notNull(),
    endsAt: tstz('ends_at').notNull(),
    /** Integer hundredths of W. */
    prizePool: bigint('prize_pool', { mode: 'number' }).notNull().default(0),
    /** Percent of the pool per place, first place first (sums to at most 100). */
    payoutSplit: jsonb('payout_split').$type<number[]>().notNull().default([]),
    status: text('status', { enum: seasonStatuses }).notNull().default('scheduled'),
    fundedAt: tstz('funded_at'),
    paidAt: tstz('paid_at'),
    createdById: uuid('created_by_id'),
    createdAt: createdAt(),
  },
  (t) => [
    check('seasons_window', sql`${t.endsAt} > ${t.startsAt}`),
    check('seasons_pool_nonneg', sql`${t.prizePool} >= 0`),
    index('seasons_window_idx').on(t.startsAt, t.endsAt),
  ],
);
