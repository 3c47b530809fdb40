import { and, eq, inArray, lte, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { seasons, wallets } from '../../db/schema/index.ts';
import { recordEvent } from '../../events/outbox.ts';
import { getMemberWallet, lockWallets, mint, move, systemWalletId } from '../wallet/wallet.service.ts';
import { boardRows, seasonPayouts } from './season-board.service.ts';
import { awardXp } from './xp.service.ts';

/**
 * Funding and paying seasons (issue #16 item 11). When a season starts its prize pool is minted from the system
 * account into the season's own wallet; when it ends the payout split goes to the top of its board, and whatever
 * is left (rounding, places nobody took) returns to the system account. Each step runs in one transaction on the
 * locked season row and moves the status on (scheduled → active → paid), so a job run twice, or by two
 * instances at once, funds and pays a season exactly once.
 */

type Row = typeof seasons.$inferSelect;

/**
 * How long after its end a season is paid. Quest XP reaches the boards from the after-commit consumer, which
 * retries with back-off (up to 10 minutes apart): an approval just before the end must be on the board before the
 * places are decided. After the payout the season's board is closed (awardXp adds nothing to a paid season).
 */
export const SEASON_SETTLE_MS = 30 * 60_000;
const settledBy = (now: Date) => new Date(now.getTime() - SEASON_SETTLE_MS);

export type SeasonStep = {
  seasonId: string;
  funded: boolean;
  paid: { userId: string; place: number; cents: number }[];
};

async function fund(tx: Tx, s: Row, now: Date): Promise<void> {
  const [wallet] = await tx
    .insert(wallets)
    .values({ kind: 'season', seasonId: s.id })
    .onConflictDoNothing()
    .returning({ id: wallets.id });
  // The wallet exists only once (unique season_id); the season row's lock means this runs once per season.
  const walletId = wallet?.id ?? (await seasonWalletId(tx, s.id));
  if (s.prizePool > 0) await mint(tx, walletId, s.prizePool, `Prize pool of ${s.name}`);
  await tx.update(seasons).set({ status: 'active', fundedAt: now }).where(eq(seasons.id, s.id));
}

async function seasonWalletId(tx: Tx, seasonId: string): Promise<string> {
  const [w] = await tx.select({ id: wallets.id }).from(wallets).where(eq(wallets.seasonId, seasonId)).limit(1);
  if (!w) throw new Error(`season ${seasonId} has no wallet`);
  return w.id;
}

async function payOut(tx: Tx, s: Row, now: Date): Promise<SeasonStep['paid']> {
  const walletId = await seasonWalletId(tx, s.id);
  const [wallet] = await tx.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.id, walletId));
  const payouts = seasonPayouts(s.prizePool, s.payoutSplit, await boardRows(tx, s.id));
  const winners = new Map<string, string>();
  for (const p of payouts) winners.set(p.userId, (await getMemberWallet(tx, p.userId)).id);
  // What nobody won goes back to the system account (a shard of it is locked only then).
  const left = (wallet?.balance ?? 0) - payouts.reduce((sum, p) => sum + p.cents, 0);
  const returnTo = left > 0 ? await systemWalletId(tx) : null;
  // One move per place and one back: every wallet they touch is locked first, in id order (decision 0022).
  await lockWallets(tx, [walletId, ...(returnTo ? [returnTo] : []), ...winners.values()]);
  for (const p of payouts) {
    const transactionId = await move(tx, {
      fromWalletId: walletId,
      toWalletId: winners.get(p.userId)!,
      amountCents: p.cents,
      type: 'season_prize',
      description: `${s.name}: #${p.place}`,
    });
    // The season achievement: XP like a quest's, the prize in whole W (counted on the boards running now).
    await awardXp(tx, {
      userId: p.userId,
      amount: Math.floor(p.cents / 100),
      source: 'season',
      sourceId: s.id,
      at: now,
    });
    await recordEvent(tx, {
      type: 'season.prize_paid',
      payload: {
        seasonId: s.id,
        seasonName: s.name,
        userId: p.userId,
        place: p.place,
        amountCents: p.cents,
        transactionId,
      },
    });
  }
  if (returnTo)
    await move(tx, {
      fromWalletId: walletId,
      toWalletId: returnTo,
      amountCents: left,
      type: 'season_prize',
      description: `${s.name}: prize pool not paid out, returned`,
    });
  await tx.update(seasons).set({ status: 'paid', paidAt: now }).where(eq(seasons.id, s.id));
  return payouts;
}

/**
 * Moves one season on as far as `now` allows: funds it once it has started, pays it once it has ended and settled
 * (SEASON_SETTLE_MS; both in
 * one go when the job first sees it after its end). A repeat, or a second instance waiting on the lock, finds
 * the status already moved on and does nothing.
 */
export async function advanceSeason(db: Db, seasonId: string, now: Date): Promise<SeasonStep> {
  return db.transaction(async (tx) => {
    const step: SeasonStep = { seasonId, funded: false, paid: [] };
    const [s] = await tx.select().from(seasons).where(eq(seasons.id, seasonId)).for('update');
    if (!s) return step;
    if (s.status === 'scheduled' && s.startsAt <= now) {
      await fund(tx, s, now);
      step.funded = true;
      s.status = 'active';
    }
    if ((s.status === 'active' || s.status === 'ended') && s.endsAt <= settledBy(now))
      step.paid = await payOut(tx, s, now);
    return step;
  });
}

/** Seasons with something due at `now`: to fund (started) or to pay (ended). */
export async function dueSeasonIds(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: seasons.id })
    .from(seasons)
    .where(
      or(
        and(eq(seasons.status, 'scheduled'), lte(seasons.startsAt, now)),
        and(inArray(seasons.status, ['active', 'ended']), lte(seasons.endsAt, settledBy(now))),
      ),
    )
    .orderBy(seasons.startsAt);
  return rows.map((r) => r.id);
}

/** The job's work: every due season, each in its own transaction. */
export async function runSeasons(db: Db, now: Date): Promise<SeasonStep[]> {
  const steps: SeasonStep[] = [];
  for (const id of await dueSeasonIds(db, now)) steps.push(await advanceSeason(db, id, now));
  return steps;
}
