import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { tstz, updatedAt } from './columns.ts';
import { quests } from './content.ts';
import { users } from './users.ts';

/**
 * Whether the product's bot may write to a member (docs/decisions/0012): `allowed_at` is set when the member
 * allowed it (Mini App sign-in data with `allows_write_to_pm`, a `/start` in the bot, or the app's
 * `requestWriteAccess` granted); `blocked_at` when Telegram answered 403 (the member blocked the bot), and
 * cleared when they come back (a Telegram sign-in or a `/start`). No row: never allowed.
 */
export const botRecipients = pgTable('bot_recipients', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  allowedAt: tstz('allowed_at'),
  blockedAt: tstz('blocked_at'),
  updatedAt: updatedAt(),
});

/**
 * When a quest's creator was last told by the bot that submissions wait for review: at most one such message
 * per quest every ten minutes.
 */
export const botReviewDigests = pgTable('bot_review_digests', {
  questId: uuid('quest_id')
    .primaryKey()
    .references(() => quests.id, { onDelete: 'cascade' }),
  lastSentAt: tstz('last_sent_at').notNull(),
});

/**
 * Which members have a live stream open, per server instance (docs/decisions/0012): a row while the instance
 * holds at least one of the member's streams, refreshed by the instance's heartbeat (`seen_at`). A member is
 * connected when some row was seen within the last minute, so the rows of an instance that died stop counting
 * on their own.
 */
export const livePresence = pgTable(
  'live_presence',
  {
    instanceId: text('instance_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seenAt: tstz('seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.instanceId, t.userId] }), index('live_presence_user_idx').on(t.userId, t.seenAt)],
);
