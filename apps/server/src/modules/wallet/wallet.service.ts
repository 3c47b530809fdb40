import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
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

/**
 * How many wallet rows the system account is spread over (docs/decisions/0015). Each mint or payment to the system
 * account picks one at random, so concurrent check-ins and redemptions rarely wait for the same row; the account's
 * balance is the sum of its shards (`systemBalance`).
 */
export const SYSTEM_WALLET_SHARDS = 16;

/** One of the system account's wallets, picked at random (created on first use). */
export async function systemWalletId(tx: DbOrTx, shard = randomInt(SYSTEM_WALLET_SHARDS)): Promise<string> {
  const of = and(eq(wallets.kind, 'system'), eq(wallets.shard, shard));
  const [existing] = await tx.select({ id: wallets.id }).from(wallets).where(of).limit(1);
  if (existing) return existing.id;
  await tx.insert(wallets).values({ kind: 'system', shard }).onConflictDoNothing();
  const [row] = await tx.select({ id: wallets.id }).from(wallets).where(of).limit(1);
  if (!row) throw new Error('system wallet missing');
  return row.id;
}

/** The system account's balance: the sum of its shards (negative: what it has minted and not taken back). */
export async function systemBalance(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${wallets.balance}), 0)::text` })
    .from(wallets)
    .where(eq(wallets.kind, 'system'));
  return Number(row?.total ?? 0);
}

function checkMoveArgs(args: { amountCents: number; fromWalletId: string; toWalletId: string }): void {
  if (!Number.isSafeInteger(args.amountCents) || args.amountCents <= 0)
    throw new AppError(400, 'invalid', 'Amount must be greater than zero.');
  if (args.fromWalletId === args.toWalletId)
    throw new AppError(400, 'invalid', 'Cannot move points to the same wallet.');
}

/**
 * Locks every wallet a transaction will move points between, in id order, before its first move (decision 0022):
 * a transaction that locked them move by move could hold one member's wallet while a batch of redemptions, which
 * locks its members' wallets in id order, holds the next one, each waiting for the other.
 */
export async function lockWallets(tx: Tx, ids: string[]): Promise<Array<Pick<WalletRow, 'id' | 'kind' | 'balance'>>> {
  const distinct = [...new Set(ids)];
  if (distinct.length === 0) return [];
  return tx
    .select({ id: wallets.id, kind: wallets.kind, balance: wallets.balance })
    .from(wallets)
    .where(inArray(wallets.id, distinct))
    .orderBy(wallets.id)
    .for('update');
}

/** Moves points between two wallets. Must run inside a transaction (`tx`). Returns the transaction id. */
export async function move(tx: Tx, args: MoveArgs): Promise<string> {
  const amount = args.amountCents;
  checkMoveArgs(args);

  const locked = await lockWallets(tx, [args.fromWalletId, args.toWalletId]);
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

/**
 * A wallet as the one statement of `moveCtes` finds it: by id, or looked up inside the statement (a member's own
 * wallet, one shard of the system account), which saves the caller a round trip for each.
 */
export type WalletRef = string | { memberOf: string } | { systemShard: number };

export type StatementMoveArgs = Omit<MoveArgs, 'insufficientMessage' | 'fromWalletId' | 'toWalletId'> & {
  fromWalletId: WalletRef;
  toWalletId: WalletRef;
  /** Chosen by the caller (`randomUUID()`), so other writes of the same statement can refer to it. */
  transactionId: string;
};

function walletIdSql(ref: WalletRef): SQL {
  if (typeof ref === 'string') return sql`${ref}::uuid`;
  if ('memberOf' in ref)
    return sql`(select id from ${wallets} where user_id = ${ref.memberOf}::uuid and kind = 'member')`;
  return sql`(select id from ${wallets} where kind = 'system' and shard = ${ref.systemShard}::int)`;
}

/**
 * The double entry of every row of the CTE `ledger_tx` (id, from_wallet_id, to_wallet_id, amount): a debit and a
 * credit each, as `ledger_entry_rows` (transaction_id). For a statement that writes its own `ledger_tx` (many moves
 * at once: perk redemptions together, decision 0022); `moveCtes` ends with it.
 */
export const LEDGER_ENTRY_ROWS = sql`ledger_entry_rows as (
    insert into ${ledgerEntries} (transaction_id, wallet_id, amount)
    select id, from_wallet_id, -amount from ledger_tx
    union all
    select id, to_wallet_id, amount from ledger_tx
    returning transaction_id
  )`;

/**
 * `move()` as common table expressions of the caller's ONE statement, for a hot path that cannot afford a round
 * trip per write while it holds a hot row (a perk flash sale, issue #17): the same double entry (both wallets
 * locked in id order, both balances written, a transactions row, two ledger_entries).
 * - `lock` defines `ledger_locked` (id, kind, balance: both wallets, locked in id order like `move()`, before
 *   anything else of the statement) and `ledger_payable`, one row if both wallets exist and the payer can pay
 *   (a system wallet always can, as in `move()`), decided under those locks. Put it first; the caller's first
 *   write must require `exists (select 1 from ledger_payable)`.
 * - `write(gate)` defines `ledger_moved` (id, balance after), `ledger_tx` (id) and `ledger_entry_rows`: the
 *   move, once if the caller's CTE `gate` has a row, not at all if it has none. Should the gate let a move
 *   through that `ledger_payable` refused, the CHECK constraint `wallets_balance_nonneg` (or a NULL wallet in a
 *   NOT NULL column) fails the whole statement: nothing is ever written in part.
 */
export function moveCtes(args: StatementMoveArgs): { lock: SQL; write: (gate: string) => SQL } {
  const { fromWalletId, toWalletId, amountCents: amount } = args;
  checkMoveArgs({
    amountCents: amount,
    // Two lookups of different kinds never find the same wallet; only two ids can be the same.
    fromWalletId: typeof fromWalletId === 'string' ? fromWalletId : 'payer',
    toWalletId: typeof toWalletId === 'string' ? toWalletId : 'payee',
  });
  // A lookup is a scalar subquery: PostgreSQL runs it once for the statement and uses its value as it would an id
  // sent along. (Not a CTE the lock joins: when a locked row was changed by a transaction that committed while
  // this one waited, the row is checked again against the condition, and a join there found nothing.)
  const from = walletIdSql(fromWalletId);
  const to = walletIdSql(toWalletId);
  const lock = sql`ledger_locked as (
    select w.id, w.kind, w.balance from ${wallets} w
    where w.id in (${from}, ${to})
    order by w.id for update
  ),
  ledger_payable as (
    select 1 as ok where (select count(*) from ledger_locked) = 2 and exists (
      select 1 from ledger_locked where id = ${from} and (kind = 'system' or balance >= ${amount}::bigint))
  )`;
  const write = (gate: string) => sql`ledger_moved as (
    update ${wallets} w
    set balance = w.balance + (case when w.id = ${from} then ${-amount}::bigint else ${amount}::bigint end)
    where w.id in (select id from ledger_locked) and exists (select 1 from ${sql.identifier(gate)})
    returning w.id, w.balance
  ),
  ledger_tx as (
    insert into ${transactions}
      (id, transaction_type, amount, from_wallet_id, to_wallet_id, description, related_entity_type, related_entity_id)
    select ${args.transactionId}::uuid, ${args.type}, ${amount}::bigint, f.id, t.id, ${args.description ?? ''},
      ${args.related?.type ?? null}, ${args.related?.id ?? null}::uuid
    from (select 1 from ${sql.identifier(gate)} limit 1) gate
      left join ledger_moved f on f.id = ${from}
      left join ledger_moved t on t.id = ${to}
    returning id, from_wallet_id, to_wallet_id, amount
  ),
  ${LEDGER_ENTRY_ROWS}`;
  return { lock, write };
}

/** An amount in hundredths (a bigint SQL expression) as `centsToAmount` writes it: `-12.05`, `0.00`, `1500.00`. */
export function amountSql(cents: SQL): SQL {
  return sql`(select case when c < 0 then '-' else '' end || (abs(c) / 100)::text || '.' || lpad((abs(c) % 100)::text, 2, '0')
    from (select (${cents})::bigint as c) amount)`;
}

/**
 * `move()` in one statement (one round trip): `moveCtes` on its own, same arguments, checks and result as `move()`.
 * Runs as its own transaction on the bare database, or inside the caller's.
 */
export async function moveInOneStatement(
  db: DbOrTx,
  args: Omit<MoveArgs, 'fromWalletId' | 'toWalletId'> & {
    fromWalletId: WalletRef;
    toWalletId: WalletRef;
    transactionId?: string;
  },
): Promise<string> {
  const transactionId = args.transactionId ?? randomUUID();
  const { lock, write } = moveCtes({ ...args, transactionId });
  const { rows } = (await db.execute(sql`with ${lock}, go as (select 1 from ledger_payable), ${write('go')}
    select (select count(*) from ledger_locked)::int as locked, (select count(*) from ledger_entry_rows)::int as entries`)) as unknown as {
    rows: Array<{ locked: number; entries: number }>;
  };
  const r = rows[0];
  if (Number(r?.locked) !== 2) throw notFound('Wallet not found.');
  if (Number(r?.entries) !== 2) throw new InsufficientFundsError(args.insufficientMessage);
  return transactionId;
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
