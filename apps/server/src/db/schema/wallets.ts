import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { users } from './users.ts';
import { transactionStatuses, transactionTypes } from '@wyn/contract';

/**
 * Double-entry ledger (docs/product.md). Balances are integer hundredths. The system account mints and may go
 * negative; member and escrow wallets never can (CHECK is the backstop for the service's own checks).
 */
export const wallets = pgTable(
  'wallets',
  {
    id: id(),
    kind: text('kind', { enum: ['member', 'system', 'escrow', 'season'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    /** For escrow wallets: the quest whose stake it holds. */
    questId: uuid('quest_id'),
    /** For season wallets: the season whose prize pool it holds (issue #16). */
    seasonId: uuid('season_id'),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    /**
     * The system account is spread over several wallet rows (docs/decisions/0015): every mint would otherwise
     * lock the one row, and check-ins, referral rewards and creator-less redemptions would queue behind it.
     */
    shard: smallint('shard').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('wallets_user_uq').on(t.userId),
    uniqueIndex('wallets_quest_uq').on(t.questId),
    uniqueIndex('wallets_season_uq').on(t.seasonId),
    uniqueIndex('wallets_system_shard_uq')
      .on(t.shard)
      .where(sql`${t.kind} = 'system'`),
    check('wallets_balance_nonneg', sql`${t.kind} = 'system' or ${t.balance} >= 0`),
    check(
      'wallets_owner_matches_kind',
      sql`(${t.kind} = 'member' and ${t.userId} is not null) or (${t.kind} = 'escrow' and ${t.questId} is not null) or (${t.kind} = 'season' and ${t.seasonId} is not null) or (${t.kind} = 'system' and ${t.userId} is null)`,
    ),
  ],
);

export const transactions = pgTable(
  'transactions',
  {
    id: id(),
    transactionType: text('transaction_type', {
      enum: transactionTypes,
    }).notNull(),
    status: text('status', { enum: transactionStatuses }).notNull().default('completed'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    fromWalletId: uuid('from_wallet_id')
      .notNull()
      .references(() => wallets.id),
    toWalletId: uuid('to_wallet_id')
      .notNull()
      .references(() => wallets.id),
    description: text('description').notNull().default(''),
    relatedEntityType: text('related_entity_type', { enum: ['quest', 'perk'] }),
    relatedEntityId: uuid('related_entity_id'),
    createdAt: createdAt(),
  },
  (t) => [
    check('transactions_amount_pos', sql`${t.amount} > 0`),
    check('transactions_fee_nonneg', sql`${t.fee} >= 0`),
    check('transactions_distinct_wallets', sql`${t.fromWalletId} <> ${t.toWalletId}`),
    index('transactions_from_idx').on(t.fromWalletId, t.createdAt),
    index('transactions_to_idx').on(t.toWalletId, t.createdAt),
    index('transactions_related_idx').on(t.relatedEntityId),
    // Staff stats and creator analytics sum one type over a window (W paid this week, per day).
    index('transactions_type_created_idx').on(t.transactionType, t.createdAt),
  ],
);

/** Append-only: a trigger (migration 0001) refuses UPDATE and DELETE. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_entries_amount_nonzero', sql`${t.amount} <> 0`),
    index('ledger_entries_wallet_idx').on(t.walletId),
    index('ledger_entries_tx_idx').on(t.transactionId),
  ],
);
