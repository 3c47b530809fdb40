import { z } from 'zod';
import { amountInput, amountString, pageQuery } from './common.ts';
import { transactionTypes } from './enums.ts';
import { WALLET_MSG } from './wallet-messages.ts';

export const wallet = z.object({
  id: z.uuid(),
  user: z.uuid(),
  balance: amountString,
});
export type Wallet = z.infer<typeof wallet>;

export { WALLET_MSG } from './wallet-messages.ts';

export const walletTransaction = z.object({
  id: z.uuid(),
  transaction_type: z.enum(transactionTypes),
  status: z.string(),
  amount: amountString,
  fee: amountString,
  created_at: z.string(),
  description: z.string(),
  from_wallet: z.uuid(),
  to_wallet: z.uuid(),
  /** True when the points came into the listed wallet. */
  is_incoming: z.boolean(),
  from_user: z.uuid().nullable(),
  to_user: z.uuid().nullable(),
  from_user_display_name: z.string(),
  to_user_display_name: z.string(),
  from_user_avatar: z.string().nullable(),
  to_user_avatar: z.string().nullable(),
  related_entity_id: z.uuid().nullable(),
  related_entity_type: z.enum(['quest', 'perk']).nullable(),
  related_entity_title: z.string().nullable(),
});
export type WalletTransaction = z.infer<typeof walletTransaction>;

export const transactionOrderings = ['-created_at', 'created_at', '-amount', 'amount'] as const;

/**
 * `GET wallets/{id}/transactions/` and `GET transactions/`.
 * - `transaction_type`: one type, or `other` (`otherActivityTypes`: transfers, stakes, bonuses and the
 *   engagement loop's referral, streak and season payments: the "Other Activities" chip).
 * - `scope`: `my_quests` (stake and unstake of my wallet, and quest rewards paid for quests I created, from
 *   their escrow too) or `my_perks` (redemptions of perks I created). The chips "Your Quests" and "Your Perks".
 * - `direction`: `incoming` or `outgoing` relative to the wallet.
 * - `search`: description, the other member's name or username, the related quest's or perk's title.
 */
export const transactionListQuery = pageQuery.extend({
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  ordering: z.enum(transactionOrderings).default('-created_at'),
  search: z.string().trim().max(200).optional(),
  transaction_type: z.enum([...transactionTypes, 'other']).optional(),
  scope: z.enum(['my_quests', 'my_perks']).optional(),
  direction: z.enum(['incoming', 'outgoing']).optional(),
});
export type TransactionListQuery = z.infer<typeof transactionListQuery>;

/** `POST wallets/{id}/transfer/` (the wallet's Send): recipient is a member id or a username (with or without @). */
export const transferRequest = z.strictObject({
  recipient: z.string({ error: WALLET_MSG.recipientRequired }).trim().min(1, WALLET_MSG.recipientRequired).max(100),
  amount: amountInput
    .refine((v) => v > 0, WALLET_MSG.amountPositive)
    .refine((v) => v <= 1_000_000_000, WALLET_MSG.amountTooLarge),
  note: z.string().trim().max(200).optional(),
});
export type TransferRequest = z.input<typeof transferRequest>;

export const transferResponse = z.object({
  detail: z.string(),
  transaction: walletTransaction,
  /** The sender's balance after the transfer. */
  balance: amountString,
});
export type TransferResponse = z.infer<typeof transferResponse>;
