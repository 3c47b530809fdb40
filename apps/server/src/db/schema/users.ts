import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from './columns.ts';
import { themes } from '@wyn/contract';

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username'),
    email: text('email'),
    phoneNumber: text('phone_number'),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    telegramId: text('telegram_id'),
    tgUsername: text('tg_username'),
    telegramPhotoUrl: text('telegram_photo_url'),
    /** What the last Mini App sign-in said of Telegram Premium; null: never signed in through the Mini App. */
    telegramIsPremium: boolean('telegram_is_premium'),
    isVerified: boolean('is_verified').notNull().default(false),
    isStaff: boolean('is_staff').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    isHidden: boolean('is_hidden').notNull().default(false),
    /** Hidden by staff (moderation): the profile is gone for others; its owner sees why. */
    hiddenByStaff: boolean('hidden_by_staff').notNull().default(false),
    hiddenReason: text('hidden_reason'),
    /** The member's own referral code (`r_<code>` links), made at sign-up or on first use. */
    referralCode: text('referral_code'),
    lastLogin: tstz('last_login'),
    dateJoined: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_phone_uq').on(t.phoneNumber),
    uniqueIndex('users_telegram_id_uq').on(t.telegramId),
    uniqueIndex('users_referral_code_uq').on(t.referralCode),
    index('users_date_joined_idx').on(t.dateJoined),
  ],
);

/** One profile per user; its id is the user's id (docs/product.md). */
export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    bio: text('bio').notNull().default(''),
    avatar: text('avatar'),
    isBusiness: boolean('is_business').notNull().default(false),
    businessTag: text('business_tag'),
    followersCount: integer('followers_count').notNull().default(0),
    followingCount: integer('following_count').notNull().default(0),
    postsCount: integer('posts_count').notNull().default(0),
    questsCompletedCount: integer('quests_completed_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'profiles_counts_nonneg',
      sql`${t.followersCount} >= 0 and ${t.followingCount} >= 0 and ${t.postsCount} >= 0 and ${t.questsCompletedCount} >= 0`,
    ),
    index('profiles_followers_idx').on(t.followersCount),
  ],
);

export const follows = pgTable(
  'follows',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followingId: uuid('following_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('follows_pair_uq').on(t.followerId, t.followingId),
    index('follows_following_idx').on(t.followingId),
    check('follows_not_self', sql`${t.followerId} <> ${t.followingId}`),
  ],
);

export const userSettings = pgTable(
  'user_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    theme: text('theme', { enum: themes }).notNull().default('system'),
    notificationsEnabled: boolean('notifications_enabled').notNull().default(true),
    privateProfile: boolean('private_profile').notNull().default(false),
    /** IANA zone of the member's day (streaks), from Telegram or the browser; UTC until known. */
    timezone: text('timezone').notNull().default('UTC'),
    /** Daily streak reminder through the bot, at `reminderHour` in `timezone` (issue #16 item 7). */
    streakReminders: boolean('streak_reminders').notNull().default(false),
    reminderHour: integer('reminder_hour').notNull().default(19),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The few private profiles, which member search leaves out: an anti-join against them costs next to nothing
  // (a read of every match's settings row cost 4 ms for 1,000 matches; docs/decisions/0007).
  (t) => [
    index('user_settings_private_idx')
      .on(t.userId)
      .where(sql`${t.privateProfile}`),
  ],
);
