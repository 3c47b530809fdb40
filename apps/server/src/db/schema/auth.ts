import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.ts';
import { users } from './users.ts';

/** Refresh tokens are stored hashed; a family is one sign-in and all its rotations. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    revokedAt: tstz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId)],
);

/**
 * One-time codes: 6 digits, stored hashed, valid 10 minutes, 5 attempts. A change code ('email_change',
 * 'phone_change') carries the address it was sent to in `target`: the new address lives only here until
 * the code is confirmed, so it is not reserved.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'login', 'reset', 'email_change', 'phone_change'] })
      .notNull()
      .default('verify'),
    codeHash: text('code_hash').notNull(),
    channel: text('channel', { enum: ['email', 'log'] }).notNull(),
    target: text('target'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: tstz('expires_at').notNull(),
    consumedAt: tstz('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('otp_codes_user_idx').on(t.userId, t.createdAt)],
);
