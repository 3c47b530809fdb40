import { and, eq, gt, isNull, not, or, sql } from 'drizzle-orm';
import { centsToAmount, PERK_MSG, PerkErrorCode } from '@wyn/contract';
import type { DbOrTx } from '../../db/client.ts';
import { perkRedemptions, perks, users, wallets } from '../../db/schema/index.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { displayName } from '../../lib/display-name.ts';
import type { TelegramBot } from '../../integrations/telegram-bot.ts';
import type { Effect } from '../../lib/idempotent-effect.ts';
import type { PrivateMediaLinks } from '../media/private-media-links.ts';
import { perkDetail } from './perks-read.service.ts';
import { recordEvent } from '../../events/outbox.ts';
import { getMemberWallet, move, systemWalletId } from '../wallet/wallet.service.ts';
import { getVisiblePerk, perkError, type PerkRow } from './perk-rows.service.ts';
import { snapshot } from './perk-content.service.ts';

/** Redeeming a perk: the charge in one transaction, then the single-use invite link after the commit. */

/** Why an active-looking perk cannot be redeemed now (shared by the pre-check and the in-transaction recheck). */
function refusal(p: PerkRow, now: Date): AppError | null {
  if (p.isHidden || p.status === 'hidden') return notFound(PERK_MSG.notFound);
  if (p.status !== 'active') return perkError(400, PerkErrorCode.inactive, PERK_MSG.notActive(p.status));
  if (p.deadline && p.deadline.getTime() <= now.getTime())
    return perkError(400, PerkErrorCode.expired, PERK_MSG.expired);
  if (p.maxParticipants !== null && p.purchasedCount >= p.maxParticipants)
    return perkError(409, PerkErrorCode.outOfStock, PERK_MSG.outOfStock);
  return null;
}

const alreadyRedeemed = () => conflict(PERK_MSG.alreadyRedeemed, PerkErrorCode.alreadyRedeemed);

/** 409 `price_changed`: the member agreed to another price than the perk's current one; nothing is charged. */
export class PriceChangedError extends AppError {
  readonly costCents: number;
  constructor(costCents: number) {
    super(409, PerkErrorCode.priceChanged, PERK_MSG.priceChanged(costCents));
    this.costCents = costCents;
  }
}

/**
 * Redeems a perk in ONE database transaction: the stock is taken with a conditional update (so it can
 * never go past the maximum), the redemption row is inserted (the unique (perk, member) pair makes a
 * second one a 409), the cost moves through the ledger and the creator is notified. Any failure rolls
 * everything back. Returns the redemption id and transaction id; the caller delivers a single-use
 * invite link afterwards (outside the transaction).
 */
export async function redeemPerk(
  db: DbOrTx,
  perkId: string,
  userId: string,
  now: Date,
  expectedCostCents?: number,
): Promise<{ redemptionId: string; transactionId: string; perk: PerkRow; balanceCents: number }> {
  // Fast refusals with the spec's messages, before taking any lock.
  const p = await getVisiblePerk(db, perkId);
  if (p.creatorId === userId) throw perkError(400, PerkErrorCode.creator, PERK_MSG.creatorCannotRedeem);
  if (expectedCostCents !== undefined && p.costAmount !== expectedCostCents) throw new PriceChangedError(p.costAmount);
  const [mine] = await db
    .select({ id: perkRedemptions.id })
    .from(perkRedemptions)
    .where(and(eq(perkRedemptions.perkId, perkId), eq(perkRedemptions.userId, userId)))
    .limit(1);
  if (mine) throw alreadyRedeemed();
  const refused = refusal(p, now);
  if (refused) throw refused;
  const memberWallet = await getMemberWallet(db, userId);
  if (memberWallet.balance < p.costAmount)
    throw perkError(400, PerkErrorCode.insufficientFunds, PERK_MSG.insufficient(p.costAmount, memberWallet.balance));

  return db.transaction(async (tx) => {
    const [taken] = await tx
      .update(perks)
      .set({ purchasedCount: sql`${perks.purchasedCount} + 1` })
      .where(
        and(
          eq(perks.id, perkId),
          eq(perks.status, 'active'),
          not(perks.isHidden),
          or(isNull(perks.deadline), gt(perks.deadline, now)),
          or(isNull(perks.maxParticipants), sql`${perks.purchasedCount} < ${perks.maxParticipants}`),
        ),
      )
      .returning();
    if (!taken) {
      const [again] = await tx.select().from(perks).where(eq(perks.id, perkId)).limit(1);
      if (!again) throw notFound(PERK_MSG.notFound);
      throw refusal(again, now) ?? perkError(409, PerkErrorCode.outOfStock, PERK_MSG.outOfStock);
    }
    // Under the perk's row lock: an edit of the price cannot slip between this check and the charge.
    if (expectedCostCents !== undefined && taken.costAmount !== expectedCostCents)
      throw new PriceChangedError(taken.costAmount);
    const [redemption] = await tx
      .insert(perkRedemptions)
      .values({ perkId, userId, perkTitle: taken.title, deliveredContent: snapshot(taken) })
      .onConflictDoNothing()
      .returning({ id: perkRedemptions.id });
    if (!redemption) throw alreadyRedeemed();

    const toWalletId = taken.creatorId ? (await getMemberWallet(tx, taken.creatorId)).id : await systemWalletId(tx);
    const [before] = await tx.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.id, memberWallet.id));
    const transactionId = await move(tx, {
      fromWalletId: memberWallet.id,
      toWalletId,
      amountCents: taken.costAmount,
      type: 'perk_redemption',
      description: `Redeemed "${taken.title}"`,
      related: { type: 'perk', id: perkId },
      insufficientMessage: PERK_MSG.insufficient(taken.costAmount, before?.balance ?? 0),
    });
    await tx.update(perkRedemptions).set({ transactionId }).where(eq(perkRedemptions.id, redemption.id));
    const [redeemer] = await tx
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        username: users.username,
        tgUsername: users.tgUsername,
      })
      .from(users)
      .where(eq(users.id, userId));
    await recordEvent(tx, {
      type: 'perk.redeemed',
      payload: {
        perkId,
        perkTitle: taken.title,
        redeemerId: userId,
        redeemerName: redeemer ? displayName(redeemer) : 'A member',
        creatorId: taken.creatorId,
        costCents: taken.costAmount,
        transactionId,
        limited: taken.maxParticipants !== null,
      },
    });
    const [after] = await tx.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.id, memberWallet.id));
    return { redemptionId: redemption.id, transactionId, perk: taken, balanceCents: after?.balance ?? 0 };
  });
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
  opts: {
    now: Date;
    expectedCostCents?: number | undefined;
    links: PrivateMediaLinks;
    invites: InviteMaker;
    productName: string;
    log: Log;
  },
): Promise<Effect> {
  let r: Awaited<ReturnType<typeof redeemPerk>>;
  try {
    r = await redeemPerk(db, perkId, userId, opts.now, opts.expectedCostCents);
  } catch (err) {
    // The redeem's own transaction has rolled back: answered with the current price, nothing charged.
    if (!(err instanceof PriceChangedError)) throw err;
    return { status: 409, body: { detail: err.detail, code: err.code, cost_amount: centsToAmount(err.costCents) } };
  }
  const answer = async (db: DbOrTx) => {
    const perk = await perkDetail(db, perkId, userId, opts.links);
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
  };
  const first = await answer(db);
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
          return answer(tx);
        });
      } catch (err) {
        opts.log.warn({ err, perk: r.perk.id }, 'single-use invite link failed; delivering the stored link');
        return first;
      }
    },
  };
}
