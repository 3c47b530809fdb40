import { eq, sql } from 'drizzle-orm';
import { centsToAmount, PERK_MSG, PerkErrorCode, type PerkDetail } from '@wyn/contract';
import type { DbOrTx } from '../../db/client.ts';
import { perkRedemptions, perks } from '../../db/schema/index.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import type { TelegramBot } from '../../integrations/telegram-bot.ts';
import type { Effect, Outcome } from '../../lib/idempotent-effect.ts';
import {
  errorOutcome,
  type KeepRefusal,
  type KeepWhen,
  type KeyedStatement,
  type RefusalCondition,
} from '../../lib/idempotency.ts';
import type { PrivateMediaLinks } from '../../lib/private-media-links.ts';
import { perkDetail, perkDetailSelect, toPerkDetail } from './perks-read.service.ts';
import { preparedPerDb } from '../../lib/prepared.ts';
import { systemWalletId } from '../wallet/wallet.service.ts';
import { getPerkRow, perkError, type PerkRow } from './perk-rows.service.ts';
import { markSoldOut, seenSoldOut } from './perk-sold-out-hint.ts';
import { redeemQueued } from './perk-redeem-together.service.ts';
import { tryRedeem, type Redeemed, type RedeemRead, type Redeemer } from './perk-redeem-statement.service.ts';
import { assertLevel } from '../engagement/level-gate.service.ts';
import { xpLevel } from '../engagement/xp.service.ts';

/** Redeeming a perk: the charge in one transaction, then the single-use invite link after the commit. */

const alreadyRedeemed = () => conflict(PERK_MSG.alreadyRedeemed, PerkErrorCode.alreadyRedeemed);
const outOfStock = () => perkError(409, PerkErrorCode.outOfStock, PERK_MSG.outOfStock);

/** Why an active-looking perk cannot be redeemed now (shared by the pre-check and the in-transaction recheck). */
function refusal(p: PerkRow, now: Date): AppError | null {
  // Hidden by staff: no new redemptions (the creator cannot redeem their own anyway).
  if (p.isHidden || p.status === 'hidden' || p.hiddenByStaff) return notFound(PERK_MSG.notFound);
  if (p.status !== 'active') return perkError(400, PerkErrorCode.inactive, PERK_MSG.notActive(p.status));
  if (p.deadline && p.deadline.getTime() <= now.getTime())
    return perkError(400, PerkErrorCode.expired, PERK_MSG.expired);
  if (p.maxParticipants !== null && p.purchasedCount >= p.maxParticipants) return outOfStock();
  return null;
}

/** 409 `price_changed`: the member agreed to another price than the perk's current one; nothing is charged. */
export class PriceChangedError extends AppError {
  readonly costCents: number;
  constructor(costCents: number) {
    super(409, PerkErrorCode.priceChanged, PERK_MSG.priceChanged(costCents));
    this.costCents = costCents;
  }
}

/**
 * Redeems a perk in ONE SQL statement (one round trip while the perk's and the creator's rows are locked; a perk
 * flash sale, issue #17): both wallets are locked in id order and the member's balance checked under that lock,
 * the stock is taken with a conditional update (so it can never go past the maximum), the redemption row is
 * inserted (the unique (perk, member) pair makes a second one a 409), the cost moves through the ledger
 * (`moveCtes`: double entry, a transactions row) and the event is recorded with its NOTIFY. The statement either
 * writes all of it or nothing. The refusals (not found, the creator, a changed price, already redeemed, out of
 * stock, the level, too few points) are decided before it from one read, without any lock; when the statement
 * takes nothing, a second read says why. The caller delivers a single-use invite link afterwards (outside the
 * transaction).
 */
export async function redeemPerk(
  db: DbOrTx,
  perkId: string,
  userId: string,
  now: Date,
  expectedCostCents?: number,
  firstRead?: RedeemRead,
): Promise<Redeemed> {
  // An edit between the read and the statement makes the statement take nothing (it redeems only the perk as
  // read), as does a balance spent in between; the next read sees why. Three in a row do not happen.
  for (let attempt = 0; attempt < 3; attempt++) {
    const read =
      attempt === 0 && firstRead ? firstRead : await readForRedeem(db, perkId, userId, now, expectedCostCents);
    const r = await tryRedeem(db, read, userId, now);
    if ('redemptionId' in r) return r;
    if ('unpaid' in r) {
      // Too few points under the lock: spent a moment ago, maybe on this very perk (a double click), which the
      // next read tells.
      if (attempt === 2)
        throw perkError(
          400,
          PerkErrorCode.insufficientFunds,
          PERK_MSG.insufficient(read.row.perk.costAmount, r.unpaid),
        );
      continue;
    }
    // Nothing taken: out of stock, closed or hidden a moment ago, or edited (read again and say why).
    const refused = refusal(await getPerkRow(db, perkId), now);
    if (refused) throw refused;
  }
  // Nothing was charged: the member may simply try again.
  throw conflict(PERK_MSG.changedWhileRedeeming);
}

const redeemReadQuery = preparedPerDb((db) =>
  perkDetailSelect(db, {
    // The redeemer's wallet, read with the perk (one snapshot: a redemption of this perk a moment ago, which the
    // detail's redemption join shows, explains a lower balance).
    redeemer: sql<Redeemer | null>`(select json_build_object('firstName', ru.first_name, 'lastName', ru.last_name,
        'username', ru.username, 'tgUsername', ru.tg_username, 'walletId', rw.id, 'balance', rw.balance)
      from users ru left join wallets rw on rw.user_id = ru.id and rw.kind = 'member'
      where ru.id = ${sql.placeholder('viewer')})`,
    creatorWalletId: sql<
      string | null
    >`(select cw.id from wallets cw where cw.user_id = "perks"."creator_id" and cw.kind = 'member')`,
  }).prepare('perk_redeem_read'),
);

/**
 * The read a redemption starts from, and every refusal it can decide (not found, the creator, a changed price,
 * already redeemed, closed or out of stock, the level, too few points), without any lock: usable before the
 * redemption's transaction, so a flash sale's many refusals never queue behind its hot rows.
 */
export async function readForRedeem(
  db: DbOrTx,
  perkId: string,
  userId: string,
  now: Date,
  expectedCostCents: number | undefined,
): Promise<RedeemRead> {
  const [found] = await redeemReadQuery(db).execute({ id: perkId, viewer: userId });
  if (!found || found.perk.isHidden || found.perk.status === 'hidden') throw notFound(PERK_MSG.notFound);
  const { redeemer, creatorWalletId, ...row } = found;
  const p = row.perk;
  if (p.creatorId === userId) throw perkError(400, PerkErrorCode.creator, PERK_MSG.creatorCannotRedeem);
  if (expectedCostCents !== undefined && p.costAmount !== expectedCostCents) throw new PriceChangedError(p.costAmount);
  if (row.redemptionAt !== null) throw alreadyRedeemed();
  const refused = refusal(p, now);
  if (refused) throw refused;
  if (xpLevel(row.viewerXp ?? 0).level < p.minLevel) await assertLevel(db, 'perk', userId, p.minLevel);
  if (!redeemer?.walletId || redeemer.balance === null) throw notFound('Wallet not found.');
  const me = { ...redeemer, walletId: redeemer.walletId, balance: Number(redeemer.balance) };
  if (me.balance < p.costAmount)
    throw perkError(400, PerkErrorCode.insufficientFunds, PERK_MSG.insufficient(p.costAmount, me.balance));
  const toWalletId = p.creatorId ? creatorWalletId : await systemWalletId(db);
  if (!toWalletId) throw notFound('Wallet not found.');
  return { row, me, toWalletId };
}

const priceChanged = (err: PriceChangedError): Outcome => ({
  status: 409,
  body: { detail: err.detail, code: err.code, cost_amount: centsToAmount(err.costCents) },
});

/**
 * "Out of stock" exactly as `readForRedeem` decides it, in SQL: the perk is there and open to this member, no refusal
 * that `readForRedeem` puts first applies (not found or hidden, the creator, a changed price, already redeemed,
 * closed, past its deadline), and its stock is taken. One text for every member (`soldOut`'s values), so the
 * refusals of a flash sale that arrive together are kept by one statement (lib/kept-refusals.ts).
 */
const SOLD_OUT: RefusalCondition = {
  columns: 'perk_id uuid, expected_cost bigint, at timestamptz',
  where: sql`exists (select 1 from ${perks} p
    where p.id = v.perk_id and p.status = 'active' and not p.is_hidden and not p.hidden_by_staff
      and p.creator_id is distinct from v.user_id
      and (v.expected_cost is null or p.cost_amount = v.expected_cost)
      and (p.deadline is null or p.deadline > v.at)
      and p.max_participants is not null and p.purchased_count >= p.max_participants
      and not exists (select 1 from ${perkRedemptions} r where r.perk_id = p.id and r.user_id = v.user_id))`,
};

/** `SOLD_OUT` for one attempt (its member is the key's). */
function soldOut(perkId: string, now: Date, expectedCostCents: number | undefined): KeepWhen {
  return {
    condition: SOLD_OUT,
    values: { perk_id: perkId, expected_cost: expectedCostCents ?? null, at: now.toISOString() },
  };
}

/**
 * The redeem's refusals decided before its transaction, from `readForRedeem` (no lock, no transaction): in a flash
 * sale most attempts are refused (out of stock), and each then costs one read (and, under an Idempotency-Key,
 * one insert of its answer) instead of a transaction queued behind the perk's row. Once this process has seen the
 * perk out of stock, an attempt under a key is first decided and kept in one statement (`keep`). Returns the
 * refusal's answer (a changed price: 409 with the current one) or throws it; otherwise the read, which the
 * redemption starts from.
 */
export async function refuseRedeemEarly(
  db: DbOrTx,
  perkId: string,
  userId: string,
  opts: { now: Date; expectedCostCents?: number | undefined; keep?: KeepRefusal | undefined },
): Promise<{ refusal?: Outcome; read?: RedeemRead }> {
  const nowMs = opts.now.getTime();
  if (opts.keep && seenSoldOut(perkId, nowMs)) {
    const refusal = errorOutcome(outOfStock());
    if (await opts.keep(refusal, soldOut(perkId, opts.now, opts.expectedCostCents))) return { refusal };
  }
  try {
    return { read: await readForRedeem(db, perkId, userId, opts.now, opts.expectedCostCents) };
  } catch (err) {
    if (err instanceof PriceChangedError) return { refusal: priceChanged(err) };
    if (err instanceof AppError && err.code === PerkErrorCode.outOfStock) markSoldOut(perkId, nowMs);
    throw err;
  }
}

/**
 * A redemption as `withIdempotency` runs it: `refuseEarly` before any transaction (its read is kept); under a key,
 * `alone` then redeems from that read and keeps the answer in one statement that commits on its own; otherwise (or
 * when that took nothing and is not plainly out of stock) `run` in the key's transaction. `run` needs no savepoint:
 * the redemption is one statement that writes all of it or nothing, and every refusal is thrown when it has written
 * nothing.
 */
export function perkRedemption(db: DbOrTx, perkId: string, userId: string, opts: DeliverOpts) {
  let read: RedeemRead | undefined;
  return {
    needsSavepoint: false,
    refuseEarly: async (keep: KeepRefusal | undefined): Promise<Outcome | undefined> => {
      const early = await refuseRedeemEarly(db, perkId, userId, { ...opts, keep });
      read = early.read;
      return early.refusal;
    },
    alone: async (keyed: KeyedStatement): Promise<Effect | undefined> => {
      const from = read;
      // Whatever follows starts from a read of its own.
      read = undefined;
      return from && redeemAlone(db, from, userId, opts, keyed);
    },
    run: (tx: DbOrTx) => redeemAndDeliver(tx, perkId, userId, { ...opts, read }),
  };
}

/**
 * A redemption under an Idempotency-Key as ONE statement outside any transaction (issue #17, flash sale): the
 * redemption, its ledger move, its event and the key's answer commit together the moment the statement ends, so the
 * perk's and the creator's rows are locked for that statement only. The attempts at the same perk that wait at the
 * same moment share that statement (`redeemQueued`, decision 0022). When it took nothing because the perk is out of
 * stock, one more statement decides and keeps that refusal; any other reason answers undefined, and the usual
 * transaction decides again from a new read.
 */
async function redeemAlone(
  db: DbOrTx,
  read: RedeemRead,
  userId: string,
  opts: DeliverOpts,
  keyed: KeyedStatement,
): Promise<Effect | undefined> {
  const perkId = read.row.perk.id;
  const refused = errorOutcome(outOfStock());
  const keepSoldOut = () => keyed.keep(refused, soldOut(perkId, opts.now, opts.expectedCostCents));
  // Sold out since this attempt's read, as far as this process saw: decided and kept in SQL at once, rather than by
  // a redemption statement that would queue for the perk's row only to find nothing left.
  if (seenSoldOut(perkId, opts.now.getTime()) && (await keepSoldOut())) return refused;
  const r = await redeemQueued(db, read, userId, opts.now, {
    keyRow: keyed.keyRow,
    record: keyed.record,
    answer: (pending) => redeemedAnswer(pending, toPerkDetail(pending.detail, userId, opts.links)),
  });
  if ('redemptionId' in r) {
    const first = { status: 200, body: r.keptBody };
    return withInvite(r, first, userId, opts);
  }
  if ('unpaid' in r || !(await keepSoldOut())) return undefined;
  markSoldOut(perkId, opts.now.getTime());
  return refused;
}

/** Stores the single-use invite link made for this redemption (after the redemption committed). */
export async function storeDeliveredInvite(db: DbOrTx, redemptionId: string, inviteLink: string): Promise<void> {
  await db
    .update(perkRedemptions)
    .set({
      deliveredContent: sql`${perkRedemptions.deliveredContent} || ${JSON.stringify({ invite_link: inviteLink, single_use: true })}::jsonb`,
    })
    .where(eq(perkRedemptions.id, redemptionId));
}

/** Makes a single-use invite link to a chat the product's bot administers (the Telegram bot in production). */
export type InviteMaker = Pick<TelegramBot, 'createChatInviteLink'>;
type Log = { warn(obj: object, msg: string): void };

type DeliverOpts = {
  now: Date;
  expectedCostCents?: number | undefined;
  links: PrivateMediaLinks;
  invites: InviteMaker;
  productName: string;
  log: Log;
};

/** A redemption's answer: the perk as the redeemer now sees it, with its content. */
function redeemedAnswer(r: Redeemed, perk: PerkDetail): Outcome {
  return {
    status: 200,
    body: {
      detail: PERK_MSG.redeemed,
      perk,
      content: perk.content!,
      transaction_id: r.transactionId,
      balance: centsToAmount(r.balanceCents),
      auto_purchased: false,
    },
  };
}

/**
 * `perks/{id}/redeem/`: redeems (a changed price answers 409 with the current one, nothing charged) and answers
 * with the perk and its content. For a Telegram perk whose chat the bot administers, a single-use invite link
 * is made after the commit (no row lock waits on Telegram) and stored on the redemption; when Telegram fails
 * the member keeps the stored link.
 */
export async function redeemAndDeliver(
  db: DbOrTx,
  perkId: string,
  userId: string,
  opts: DeliverOpts & {
    /** `refuseRedeemEarly`'s read, made a moment before (the statement checks it is still so). */
    read?: RedeemRead | undefined;
  },
): Promise<Effect> {
  let r: Awaited<ReturnType<typeof redeemPerk>>;
  try {
    r = await redeemPerk(db, perkId, userId, opts.now, opts.expectedCostCents, opts.read);
  } catch (err) {
    // The redeem's own transaction has rolled back: answered with the current price, nothing charged.
    if (!(err instanceof PriceChangedError)) throw err;
    return priceChanged(err);
  }
  // Made from the redemption's own row: no query while the perk's and the creator's rows are locked.
  return withInvite(r, redeemedAnswer(r, toPerkDetail(r.detail, userId, opts.links)), userId, opts);
}

/** `first`, and for a Telegram perk whose chat the bot administers, the single-use invite link made after the commit. */
function withInvite(r: Redeemed, first: Outcome, userId: string, opts: DeliverOpts): Effect {
  const chatId = r.perk.perkType === 'telegram_invite' ? r.perk.telegramChatId : null;
  if (!chatId) return first;
  return {
    ...first,
    afterCommit: async (save) => {
      try {
        const link = await opts.invites.createChatInviteLink(chatId, {
          memberLimit: 1,
          name: `${opts.productName} perk ${r.redemptionId.slice(0, 8)}`,
        });
        return await save(async (tx) => {
          await storeDeliveredInvite(tx, r.redemptionId, link);
          return redeemedAnswer(r, await perkDetail(tx, r.perk.id, userId, opts.links));
        });
      } catch (err) {
        opts.log.warn({ err, perk: r.perk.id }, 'single-use invite link failed; delivering the stored link');
        return first;
      }
    },
  };
}
