import { and, eq, inArray, sql } from 'drizzle-orm';
import { centsToAmount, type TransactionType, type Wallet } from '@wyn/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { ledgerEntries, transactions, wallets } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';

/**
 * The ledger: the one place where points move (docs/product.md). Every movement is a transaction with two
 * entries (debit and credit) inside the caller's database transaction. Rows are locked in id order, so
 * two movements touching the same wallets cannot deadlock; a member or escrow wallet never goes below
 * zero (checked here under the lock, with a CHECK constraint as the backstop).
 */
export class InsufficientFundsError extends AppError {
  constructor(detail = 'Insufficient balance for this operation.') {
    super(400, 'insufficient_funds', detail);
  }
}

export type MoveArgs = {
  fromWalletId: string;
  toWalletId: string;
  amountCents: number;
  type: TransactionType;
  description?: string;
  related?: { type: 'quest' | 'perk'; id: string };
  insufficientMessage?: string;
};

export type WalletRow = typeof wallets.$inferSelect;

export function toWalletDto(row: WalletRow): Wallet {
  return { id: row.id, user: row.userId ?? '', balance: centsToAmount(row.balance) };
}

export async function systemWalletId(tx: DbOrTx): Promise<string> {
  const [existing] = await tx.select({ id: wallets.id }).from(wallets).where(eq(wallets.kind, 'system')).limit(1);
  if (existing) return existing.id;
  await tx.insert(wallets).values({ kind: 'system' }).onConflictDoNothing();
  const [row] = await tx.select({ id: wallets.id }).from(wallets).where(eq(wallets.kind, 'system')).limit(1);
  if (!row) throw new Error('system wallet missing');
  return row.id;
}

/** Moves points between two wallets. Must run inside a transaction (`tx`). Returns the transaction id. */
export async function move(tx: Tx, args: MoveArgs): Promise<string> {
  const amount = args.amountCents;
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new AppError(400, 'invalid', 'Amount must be greater than zero.');
  if (args.fromWalletId === args.toWalletId)
    throw new AppError(400, 'invalid', 'Cannot move points to the same wallet.');

  const ids = [args.fromWalletId, args.toWalletId].sort();
  const locked = await tx
    .select({ id: wallets.id, kind: wallets.kind, balance: wallets.balance })
    .from(wallets)
    .where(inArray(wallets.id, ids))
    .orderBy(wallets.id)
    .for('update');
  const from = locked.find((w) => w.id === args.fromWalletId);
  const to = locked.find((w) => w.id === args.toWalletId);
  if (!from || !to) throw notFound('Wallet not found.');
  if (from.kind !== 'system' && from.balance < amount) throw new InsufficientFundsError(args.insufficientMessage);

  await tx
    .update(wallets)
    .set({ balance: sql`${wallets.balance} - ${amount}` })
    .where(eq(wallets.id, from.id));
  await tx
    .update(wallets)
    .set({ balance: sql`${wallets.balance} + ${amount}` })
    .where(eq(wallets.id, to.id));
  const [txRow] = await tx
    .insert(transactions)
    .values({
      transactionType: args.type,
      amount,
      fromWalletId: from.id,
      toWalletId: to.id,
      description: args.description ?? '',
      relatedEntityType: args.related?.type ?? null,
      relatedEntityId: args.related?.id ?? null,
    })
    .returning({ id: transactions.id });
  if (!txRow) throw new Error('transaction insert returned nothing');
  await tx.insert(ledgerEntries).values([
    { transactionId: txRow.id, walletId: from.id, amount: -amount },
    { transactionId: txRow.id, walletId: to.id, amount },
  ]);
  return txRow.id;
}

/** Mints from the system account (welcome bonus, staff grants). */
export async function mint(tx: Tx, toWalletId: string, amountCents: number, description: string): Promise<string> {
  return move(tx, {
    fromWalletId: await systemWalletId(tx),
    toWalletId,
    amountCents,
    type: 'system_reward',
    description,
  });
}

export async function createMemberWallet(tx: Tx, userId: string): Promise<WalletRow> {
  const [row] = await tx.insert(wallets).values({ kind: 'member', userId }).returning();
  if (!row) throw new Error('wallet insert returned nothing');
  return row;
}

export async function getMemberWallet(db: DbOrTx, userId: string): Promise<WalletRow> {
  const [row] = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.kind, 'member')))
    .limit(1);
  if (!row) throw notFound('Wallet not found.');
  return row;
}

/** The invariants of docs/product.md, as one query; tests call this after every money operation. */
export async function checkLedgerInvariants(db: DbOrTx): Promise<string[]> {
  type Counts = { total: string; mismatched: number; negative: number; unbalanced: number };
  // Both drivers (node-postgres and PGlite) answer a raw query with `{ rows }`.
  const { rows } = (await db.execute(sql`
    select
      (select coalesce(sum(balance), 0)::text from wallets) as total,
      (select count(*)::int from wallets w
        left join (select wallet_id, sum(amount) as s from ledger_entries group by wallet_id) e on e.wallet_id = w.id
        where w.balance <> coalesce(e.s, 0)) as mismatched,
      (select count(*)::int from wallets where kind <> 'system' and balance < 0) as negative,
      (select count(*)::int from (select 1 from ledger_entries group by transaction_id
        having sum(amount) <> 0 or count(*) <> 2) t) as unbalanced`)) as unknown as { rows: Counts[] };
  const c = rows[0];
  if (!c) return ['the invariant query returned nothing'];
  const problems: string[] = [];
  if (c.total !== '0') problems.push(`balances sum to ${c.total}, not 0`);
  if (c.mismatched) problems.push(`${c.mismatched} wallet(s) whose balance differs from their entries`);
  if (c.negative) problems.push(`${c.negative} non-system wallet(s) below zero`);
  if (c.unbalanced) problems.push(`${c.unbalanced} transaction(s) whose entries do not balance`);
  return problems;
}
