import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  centsToAmount,
  formatPoints,
  otherActivityTypes,
  WALLET_MSG,
  type TransactionListQuery,
  type transferRequest,
  type TransferResponse,
  type WalletTransaction,
} from '@wyn/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { perkRedemptions, perks, profiles, quests, transactions, users, wallets } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/pagination.ts';
import { preparedPerDb } from '../../lib/prepared.ts';
import { displayName } from '../../lib/display-name.ts';
import { recordEvent } from '../../events/outbox.ts';
import { getMemberWallet, move, type WalletRow } from './wallet.service.ts';

/**
 * Reading the ledger as a wallet's history, and the member-to-member transfer (the wallet's Send). Each
 * page is one query: both wallets, their members and profiles, and the related quest or perk are joined.
 */

const fw = alias(wallets, 'fw');
const tw = alias(wallets, 'tw');
const fu = alias(users, 'fu');
const tu = alias(users, 'tu');
const fp = alias(profiles, 'fp');
const tp = alias(profiles, 'tp');
const rq = alias(quests, 'rq');
const rp = alias(perks, 'rp');
const pr = alias(perkRedemptions, 'pr');

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The caller's own member wallet with this id: 404 for an unknown id, 403 for someone else's. */
export async function getOwnWallet(db: DbOrTx, walletId: string, userId: string): Promise<WalletRow> {
  const [row] = await db.select().from(wallets).where(eq(wallets.id, walletId)).limit(1);
  if (!row) throw notFound(WALLET_MSG.notFound);
  if (row.kind !== 'member' || row.userId !== userId) throw forbidden(WALLET_MSG.notYourWallet);
  return row;
}

function baseQuery(db: DbOrTx) {
  return db
    .select({
      t: transactions,
      fromKind: fw.kind,
      toKind: tw.kind,
      fromUser: fu.id,
      fromFirst: fu.firstName,
      fromLast: fu.lastName,
      fromUsername: fu.username,
      fromTg: fu.tgUsername,
      fromPhoto: fu.telegramPhotoUrl,
      fromAvatar: fp.avatar,
      toUser: tu.id,
      toFirst: tu.firstName,
      toLast: tu.lastName,
      toUsername: tu.username,
      toTg: tu.tgUsername,
      toPhoto: tu.telegramPhotoUrl,
      toAvatar: tp.avatar,
      questTitle: rq.title,
      perkTitle: rp.title,
      redeemedTitle: pr.perkTitle,
    })
    .from(transactions)
    .innerJoin(fw, eq(fw.id, transactions.fromWalletId))
    .innerJoin(tw, eq(tw.id, transactions.toWalletId))
    .leftJoin(fu, eq(fu.id, fw.userId))
    .leftJoin(tu, eq(tu.id, tw.userId))
    .leftJoin(fp, eq(fp.id, fw.userId))
    .leftJoin(tp, eq(tp.id, tw.userId))
    .leftJoin(rq, and(eq(transactions.relatedEntityType, 'quest'), eq(rq.id, transactions.relatedEntityId)))
    .leftJoin(rp, and(eq(transactions.relatedEntityType, 'perk'), eq(rp.id, transactions.relatedEntityId)))
    .leftJoin(pr, eq(pr.transactionId, transactions.id));
}
type JoinedRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['limit']>>[number];

function toDto(r: JoinedRow, walletId: string, productName: string): WalletTransaction {
  const party = (
    kind: string,
    id: string | null,
    first: string | null,
    last: string | null,
    username: string | null,
    tg: string | null,
  ) => {
    if (id) return displayName({ id, firstName: first ?? '', lastName: last ?? '', username, tgUsername: tg });
    if (kind === 'escrow') return 'Quest escrow';
    return productName;
  };
  const t = r.t;
  return {
    id: t.id,
    transaction_type: t.transactionType,
    status: t.status,
    amount: centsToAmount(t.amount),
    fee: centsToAmount(t.fee),
    created_at: t.createdAt.toISOString(),
    description: t.description,
    from_wallet: t.fromWalletId,
    to_wallet: t.toWalletId,
    is_incoming: t.toWalletId === walletId,
    from_user: r.fromUser,
    to_user: r.toUser,
    from_user_display_name: party(r.fromKind, r.fromUser, r.fromFirst, r.fromLast, r.fromUsername, r.fromTg),
    to_user_display_name: party(r.toKind, r.toUser, r.toFirst, r.toLast, r.toUsername, r.toTg),
    from_user_avatar: r.fromUser ? (r.fromAvatar ?? r.fromPhoto ?? null) : null,
    to_user_avatar: r.toUser ? (r.toAvatar ?? r.toPhoto ?? null) : null,
    related_entity_id: t.relatedEntityId,
    related_entity_type: t.relatedEntityType,
    related_entity_title: r.questTitle ?? r.perkTitle ?? r.redeemedTitle ?? null,
  };
}

const orderings: Record<TransactionListQuery['ordering'], SQL[]> = {
  '-created_at': [desc(transactions.createdAt), desc(transactions.id)],
  created_at: [asc(transactions.createdAt), asc(transactions.id)],
  '-amount': [desc(transactions.amount), desc(transactions.createdAt), desc(transactions.id)],
  amount: [asc(transactions.amount), desc(transactions.createdAt), desc(transactions.id)],
};

function filters(wallet: WalletRow, q: TransactionListQuery): SQL {
  const w = wallet.id;
  const touches = or(eq(transactions.fromWalletId, w), eq(transactions.toWalletId, w))!;
  const parts: SQL[] = [];
  if (q.scope === 'my_quests') {
    parts.push(
      or(
        and(inArray(transactions.transactionType, ['stake', 'unstake']), touches),
        and(
          eq(transactions.transactionType, 'quest_reward'),
          eq(transactions.relatedEntityType, 'quest'),
          or(
            touches,
            sql`${transactions.relatedEntityId} in (select q.id from quests q where q.creator_id = ${wallet.userId})`,
          ),
        ),
      )!,
    );
  } else if (q.scope === 'my_perks') {
    parts.push(and(eq(transactions.transactionType, 'perk_redemption'), eq(transactions.toWalletId, w))!);
  } else {
    parts.push(touches);
  }
  if (q.transaction_type === 'other') parts.push(inArray(transactions.transactionType, [...otherActivityTypes]));
  else if (q.transaction_type) parts.push(eq(transactions.transactionType, q.transaction_type));
  if (q.direction === 'incoming') parts.push(eq(transactions.toWalletId, w));
  if (q.direction === 'outgoing') parts.push(eq(transactions.fromWalletId, w));
  const term = q.search?.trim();
  if (term) {
    const like = `%${escapeLike(term)}%`;
    parts.push(
      or(
        ilike(transactions.description, like),
        ilike(rq.title, like),
        ilike(rp.title, like),
        ilike(pr.perkTitle, like),
        // the other party's name
        and(
          eq(transactions.toWalletId, w),
          or(
            ilike(fu.username, like),
            ilike(sql`${fu.firstName} || ' ' || ${fu.lastName}`, like),
            ilike(fu.tgUsername, like),
          ),
        ),
        and(
          eq(transactions.fromWalletId, w),
          or(
            ilike(tu.username, like),
            ilike(sql`${tu.firstName} || ' ' || ${tu.lastName}`, like),
            ilike(tu.tgUsername, like),
          ),
        ),
      )!,
    );
  }
  return and(...parts)!;
}

/**
 * A page's rows with their parties and related titles, by id: a named prepared statement, because planning
 * the nine-way join took ~10 ms per request against ~0.3 ms to run it for ten rows (docs/decisions/0005).
 */
const rowsById = preparedPerDb((db) =>
  baseQuery(db)
    .where(sql`${transactions.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('wallet_history_rows'),
);

/** One page of a wallet's history (the wallet must already be checked as the caller's). */
export async function listWalletTransactions(
  db: DbOrTx,
  wallet: WalletRow,
  q: TransactionListQuery,
  productName: string,
): Promise<{ rows: WalletTransaction[]; count: number }> {
  const { limit, offset } = pageWindow(q);
  const where = filters(wallet, q);
  const needsJoins = Boolean(q.search?.trim());
  const countQuery = needsJoins
    ? db
        .select({ n: count() })
        .from(transactions)
        .innerJoin(fw, eq(fw.id, transactions.fromWalletId))
        .innerJoin(tw, eq(tw.id, transactions.toWalletId))
        .leftJoin(fu, eq(fu.id, fw.userId))
        .leftJoin(tu, eq(tu.id, tw.userId))
        .leftJoin(rq, and(eq(transactions.relatedEntityType, 'quest'), eq(rq.id, transactions.relatedEntityId)))
        .leftJoin(rp, and(eq(transactions.relatedEntityType, 'perk'), eq(rp.id, transactions.relatedEntityId)))
        .leftJoin(pr, eq(pr.transactionId, transactions.id))
        .where(where)
    : db.select({ n: count() }).from(transactions).where(where);
  // A search filters on the joined names and titles, so it pages the joined query itself; otherwise the
  // page's ids come from the transactions alone and the joined rows from the prepared statement.
  const page = needsJoins
    ? baseQuery(db)
        .where(where)
        .orderBy(...orderings[q.ordering])
        .limit(limit)
        .offset(offset)
    : db
        .select({ id: transactions.id })
        .from(transactions)
        .where(where)
        .orderBy(...orderings[q.ordering])
        .limit(limit)
        .offset(offset)
        .then(async (ids) => {
          if (!ids.length) return [];
          const byId = new Map((await rowsById(db).execute({ ids: ids.map((r) => r.id) })).map((r) => [r.t.id, r]));
          return ids.map((r) => byId.get(r.id)).filter((r): r is JoinedRow => r !== undefined);
        });
  const [rows, [total]] = await Promise.all([page, countQuery]);
  return { rows: rows.map((r) => toDto(r, wallet.id, productName)), count: total?.n ?? 0 };
}

/** A page of the caller's own wallet's history (GET wallets/{id}/transactions/): 403 for someone else's wallet. */
export async function listOwnWalletTransactions(
  db: DbOrTx,
  walletId: string,
  userId: string,
  q: TransactionListQuery,
  productName: string,
): Promise<{ rows: WalletTransaction[]; count: number }> {
  return listWalletTransactions(db, await getOwnWallet(db, walletId, userId), q, productName);
}

/** A page of the member's wallet history (GET transactions/), without knowing the wallet's id. */
export async function listMemberTransactions(
  db: DbOrTx,
  userId: string,
  q: TransactionListQuery,
  productName: string,
): Promise<{ rows: WalletTransaction[]; count: number }> {
  return listWalletTransactions(db, await getMemberWallet(db, userId), q, productName);
}

export async function getTransactionDto(
  db: DbOrTx,
  transactionId: string,
  walletId: string,
  productName: string,
): Promise<WalletTransaction> {
  const [row] = await baseQuery(db).where(eq(transactions.id, transactionId)).limit(1);
  if (!row) throw notFound();
  return toDto(row, walletId, productName);
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A member by id or username (with or without @), active. */
async function findRecipient(db: DbOrTx, recipient: string) {
  const key = recipient.trim().replace(/^@+/, '');
  const where = UUID_RE.test(key) ? eq(users.id, key) : sql`lower(${users.username}) = lower(${key})`;
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      tgUsername: users.tgUsername,
      isActive: users.isActive,
    })
    .from(users)
    .where(where)
    .limit(1);
  if (!row || !row.isActive) throw notFound(WALLET_MSG.recipientNotFound);
  return row;
}

/**
 * Send: moves the amount from the caller's wallet to another member's (`internal_transfer`) and notifies the
 * recipient in the same transaction; answers with the entry as the sender sees it and their balance after it.
 */
export async function transfer(
  db: DbOrTx,
  walletId: string,
  senderId: string,
  request: z.output<typeof transferRequest>,
  productName: string,
): Promise<TransferResponse> {
  const input = { recipient: request.recipient, amountCents: Math.round(request.amount * 100), note: request.note };
  const wallet = await getOwnWallet(db, walletId, senderId);
  const to = await findRecipient(db, input.recipient);
  if (to.id === senderId) throw badRequest(WALLET_MSG.sendToSelf, { recipient: [WALLET_MSG.sendToSelf] });
  const [sender] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      tgUsername: users.tgUsername,
    })
    .from(users)
    .where(eq(users.id, senderId))
    .limit(1);
  const senderName = sender ? displayName(sender) : 'A member';
  const recipientName = displayName(to);
  const r = await db.transaction(async (tx) => {
    const toWallet = await getMemberWallet(tx, to.id);
    const [current] = await tx.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.id, wallet.id));
    const transactionId = await move(tx, {
      fromWalletId: wallet.id,
      toWalletId: toWallet.id,
      amountCents: input.amountCents,
      type: 'internal_transfer',
      description: input.note ? input.note : `Sent to ${recipientName}`,
      insufficientMessage: WALLET_MSG.insufficient(input.amountCents, current?.balance ?? 0),
    });
    await recordEvent(tx, {
      type: 'transfer.completed',
      payload: {
        transactionId,
        senderId,
        senderName,
        recipientId: to.id,
        amountCents: input.amountCents,
        note: input.note ?? null,
      },
    });
    const [after] = await tx.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.id, wallet.id));
    return { transactionId, balanceCents: after?.balance ?? 0 };
  });
  return {
    detail: WALLET_MSG.sent(formatPoints(centsToAmount(input.amountCents)), recipientName),
    transaction: await getTransactionDto(db, r.transactionId, walletId, productName),
    balance: centsToAmount(r.balanceCents),
  };
}
