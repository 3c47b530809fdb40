import { randomInt, randomUUID } from 'node:crypto';
import { and, between, eq, gt, sql } from 'drizzle-orm';
import { executeNamed } from '../../lib/prepared.ts';
import {
  centsToAmount,
  CHECK_IN_XP,
  STREAK_CODE,
  STREAK_MSG,
  type CheckInResult,
  type RepairResult,
  type StreakStatus,
} from '@wyn/contract';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { streakCheckIns, streaks, userSettings } from '../../db/schema/index.ts';
import type { DomainEvent } from '../../events/domain-events.ts';
import { eventCte, eventRecorded, recordEvent } from '../../events/outbox.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import {
  InsufficientFundsError,
  moveCtes,
  SYSTEM_WALLET_SHARDS,
  systemWalletId,
  type MoveArgs,
  type StatementMoveArgs,
  type WalletRef,
} from '../wallet/wallet.service.ts';
import { updateSettings } from '../settings/settings.service.ts';
import { awardXp } from './xp.service.ts';
import { addDays, dayStart, localDay } from './streak-days.ts';

/**
 * The daily streak (issue #16 items 5–6; docs/product.md, "Daily streak"). One check-in per member and local day
 * (the `streak_check_ins` primary key; the member's `streaks` row is locked first, so two at once are decided in
 * turn). Each check-in row keeps `streak_day`, the length of the run of days ending on it, so the current streak
 * is the last row's and a repair can join two runs by adding to the later one.
 */

export type StreakConfig = { rewardsCents: number[]; repairCostCents: number };

/** A repair may be made this long after the missed day ends. */
export const REPAIR_WINDOW_MS = 48 * 3600_000;
/** At most one repair in this long. */
export const REPAIR_EVERY_MS = 7 * 86_400_000;

type StreakRow = typeof streaks.$inferSelect;

/** The W a check-in on streak day `n` (1-based) pays: the schedule repeats. */
export function rewardForDay(cfg: StreakConfig, n: number): number {
  const list = rewardSchedule(cfg);
  return list[(Math.max(1, n) - 1) % list.length]!;
}

/** The rewards of days 1, 2, … in cents, repeating (never empty); check-in reads it in SQL as `rewardForDay` does. */
const rewardSchedule = (cfg: StreakConfig): number[] => (cfg.rewardsCents.length ? cfg.rewardsCents : [0]);

export async function timezoneOf(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db
    .select({ tz: userSettings.timezone })
    .from(userSettings)
    .where(eq(userSettings.userId, userId))
    .limit(1);
  return row?.tz ?? 'UTC';
}

async function streakRow(db: DbOrTx, userId: string): Promise<StreakRow | undefined> {
  const [row] = await db.select().from(streaks).where(eq(streaks.userId, userId)).limit(1);
  return row;
}

/** The member's streak row, made when missing, locked for the rest of the transaction (one statement). */
async function lockStreak(tx: Tx, userId: string): Promise<StreakRow> {
  // An upsert that changes nothing still locks the row it finds, and returns it as it is.
  const [row] = await tx
    .insert(streaks)
    .values({ userId })
    .onConflictDoUpdate({ target: streaks.userId, set: { userId: sql`excluded.user_id` } })
    .returning();
  if (!row) throw new Error('streak row missing');
  return row;
}

/**
 * `move()` and the event that tells of it as ONE statement (`moveCtes`, `eventCte`: the same double entry, both
 * wallets locked in id order, the balance checked under the lock): a check-in holds its system wallet row for this
 * one round trip and the commit, not for five. Returns the ledger transaction's id.
 */
async function moveWithEvent(
  tx: Tx,
  args: Omit<StatementMoveArgs, 'transactionId'> & Pick<MoveArgs, 'insufficientMessage'>,
  event: (transactionId: string) => DomainEvent,
): Promise<string> {
  const transactionId = randomUUID();
  const { lock, write } = moveCtes({ ...args, transactionId });
  const { cte, committed } = eventCte('ledger_tx', event(transactionId));
  const { rows } = await executeNamed<{ locked: number; entries: number; events: number }>(
    tx,
    sql`with ${lock}, go as (select 1 from ledger_payable), ${write('go')}, ${cte}
    select (select count(*) from ledger_locked)::int as locked, (select count(*) from ledger_entry_rows)::int as entries,
      (select count(*) from outbox_row)::int as events`,
  );
  const r = rows[0];
  if (Number(r?.locked) !== 2) {
    // A shard of the system account is made on its first use; the statement wrote nothing, so make it and go on.
    const shard = [args.fromWalletId, args.toWalletId].find((w) => typeof w === 'object' && 'systemShard' in w);
    if (shard && typeof shard === 'object' && 'systemShard' in shard) {
      const id = await systemWalletId(tx, shard.systemShard);
      const byId = (w: WalletRef) => (w === shard ? id : w);
      return moveWithEvent(
        tx,
        { ...args, fromWalletId: byId(args.fromWalletId), toWalletId: byId(args.toWalletId) },
        event,
      );
    }
    throw notFound('Wallet not found.');
  }
  if (Number(r?.entries) !== 2) throw new InsufficientFundsError(args.insufficientMessage);
  if (Number(r?.events) !== 1) throw new Error('the movement was written without its event');
  await eventRecorded(tx, committed);
  return transactionId;
}

type RepairCandidate = {
  /** The missed day a repair fills. */
  missedDay: string;
  /** The run of days before it (its length), which the repair joins to what follows. */
  before: number;
  /** Whether the missed day is after the last check-in (so the streak now ends on it). */
  afterLast: boolean;
  expiresAt: Date;
};

/**
 * The one missed day a repair could fill now, if the streak is broken by exactly one: yesterday, when the last
 * check-in was the day before; or the day just before the current run, when the day before that was checked in.
 * `beforeDay` is the day whose check-in must exist (its `streak_day` is the run the repair joins).
 */
function candidateDays(
  row: StreakRow | undefined,
  today: string,
): { missedDay: string; beforeDay: string; afterLast: boolean } | null {
  if (!row?.lastDay) return null;
  const last = row.lastDay;
  if (last === addDays(today, -2)) return { missedDay: addDays(today, -1), beforeDay: last, afterLast: true };
  if (last === today || last === addDays(today, -1)) {
    const missedDay = addDays(last, -row.current);
    return { missedDay, beforeDay: addDays(missedDay, -1), afterLast: false };
  }
  return null;
}

/**
 * The repair `candidateDays` describes, with the run before it; `beforeStreakDay` when the caller has read it
 * already (undefined: read it here; null: there is no check-in that day).
 */
async function repairCandidate(
  db: DbOrTx,
  userId: string,
  row: StreakRow | undefined,
  today: string,
  tz: string,
  beforeStreakDay?: number | null,
): Promise<RepairCandidate | null> {
  const days = candidateDays(row, today);
  if (!days) return null;
  let before = beforeStreakDay;
  if (before === undefined) {
    const [prev] = await db
      .select({ streakDay: streakCheckIns.streakDay })
      .from(streakCheckIns)
      .where(and(eq(streakCheckIns.userId, userId), eq(streakCheckIns.day, days.beforeDay)))
      .limit(1);
    before = prev?.streakDay ?? null;
  }
  if (before === null) return null;
  return {
    missedDay: days.missedDay,
    before,
    afterLast: days.afterLast,
    expiresAt: new Date(dayStart(addDays(days.missedDay, 1), tz).getTime() + REPAIR_WINDOW_MS),
  };
}

const repairUsedRecently = (row: StreakRow | undefined, now: Date) =>
  Boolean(row?.lastRepairAt && now.getTime() - row.lastRepairAt.getTime() < REPAIR_EVERY_MS);

async function statusOf(
  db: DbOrTx,
  userId: string,
  row: StreakRow | undefined,
  tz: string,
  now: Date,
  cfg: StreakConfig,
  beforeStreakDay?: number | null,
): Promise<StreakStatus> {
  const today = localDay(now, tz);
  const last = row?.lastDay ?? null;
  // `>=`: after moving west the last check-in's day can be ahead of today here; check-in refuses it (409), so the
  // status says checked in rather than offering a button that cannot work.
  const checkedInToday = last !== null && last >= today;
  const alive = checkedInToday || last === addDays(today, -1);
  const current = alive ? row!.current : 0;
  const repairsLeft = repairUsedRecently(row, now) ? 0 : 1;
  const candidate = await repairCandidate(db, userId, row, today, tz, beforeStreakDay);
  const open = candidate && candidate.expiresAt > now ? candidate : null;
  return {
    current,
    longest: row?.longest ?? 0,
    checked_in_today: checkedInToday,
    today,
    next_reward: centsToAmount(rewardForDay(cfg, current + 1)),
    repairs_left: repairsLeft,
    timezone: tz,
    repair: {
      available: Boolean(open) && repairsLeft > 0,
      cost: centsToAmount(cfg.repairCostCents),
      missed_day: open?.missedDay ?? null,
      expires_at: open?.expiresAt.toISOString() ?? null,
    },
  };
}

/** `GET club/streak/`. */
export async function getStreak(db: DbOrTx, userId: string, now: Date, cfg: StreakConfig): Promise<StreakStatus> {
  const tz = await timezoneOf(db, userId);
  return statusOf(db, userId, await streakRow(db, userId), tz, now, cfg);
}

/**
 * `POST club/streak/check-in/`: the first call in the member's local day pays that day's reward from the system
 * account and 5 XP; any later one (also one racing it) is a 409. A timezone sent along is stored first.
 */
export async function checkIn(
  db: Db,
  userId: string,
  input: { timezone?: string | undefined },
  now: Date,
  cfg: StreakConfig,
): Promise<CheckInResult> {
  // One read before any transaction: the stored zone, and the last day checked in (it only ever moves forward, so
  // one already at or past today is a 409 without taking a lock: the usual repeat).
  const [known] = await db
    .select({ tz: userSettings.timezone, lastDay: streaks.lastDay })
    .from(userSettings)
    .leftJoin(streaks, eq(streaks.userId, userSettings.userId))
    .where(eq(userSettings.userId, userId))
    .limit(1);
  const stored = known?.tz ?? 'UTC';
  // Written only when it changed (most check-ins send the zone the member already has), and before the check-in's
  // own transaction: a 409 after moving west must still leave the new zone for the status and the reminders.
  if (input.timezone && input.timezone !== stored) await updateSettings(db, userId, { timezone: input.timezone });
  const tz = input.timezone ?? stored;
  const today = localDay(now, tz);
  // `<=`: a member who moves west after checking in must not get the same day (or an earlier one) again.
  const done = (lastDay: string | null | undefined) => Boolean(lastDay && today <= lastDay);
  if (done(known?.lastDay)) throw conflict(STREAK_MSG.alreadyCheckedIn, STREAK_CODE.alreadyCheckedIn);
  const yesterday = addDays(today, -1);
  const at = now.toISOString();
  const rewards = rewardSchedule(cfg);
  return db.transaction(async (tx) => {
    // One statement: the streak moved on (its row locked by the upsert, so two check-ins at once are decided in
    // turn, the second seeing the first's day), the day's row with that day's reward (`rewardForDay` in SQL), and
    // the check-in a repair would join for the status (the day before the current run).
    type Written = {
      current: number;
      longest: number;
      last_repair_at: string | null;
      reminded_day: string | null;
      streak_day: number | null;
      reward: string | number | null;
      before_streak_day: number | null;
    };
    // Named (lib/prepared.ts), as the award and the payment below: planning these took more of PostgreSQL's time
    // than running them (issue #17, check-in at 100 connections).
    const { rows } = await executeNamed<Written>(
      tx,
      sql`with s as (
        insert into ${streaks} (user_id, current, longest, last_day, updated_at)
        values (${userId}::uuid, 1, 1, ${today}::date, ${at}::timestamptz)
        on conflict (user_id) do update set
          current = case when ${streaks.lastDay} = ${yesterday}::date then ${streaks.current} + 1 else 1 end,
          longest = greatest(${streaks.longest},
            case when ${streaks.lastDay} = ${yesterday}::date then ${streaks.current} + 1 else 1 end),
          last_day = excluded.last_day, updated_at = excluded.updated_at
        -- Strictly before today: a member who moves west after checking in must not get the same day again.
        where ${streaks.lastDay} is null or ${streaks.lastDay} < ${today}::date
        returning current, longest, last_repair_at, reminded_day::text
      ),
      day_row as (
        insert into ${streakCheckIns} (user_id, day, kind, streak_day, reward_amount, created_at)
        select ${userId}::uuid, ${today}::date, 'check_in', s.current,
          (${`{${rewards.join(',')}}`}::bigint[])[((s.current - 1) % ${rewards.length}::int) + 1],
          ${at}::timestamptz
        from s
        on conflict do nothing
        returning streak_day, reward_amount
      )
      select s.current, s.longest, to_json(s.last_repair_at) #>> '{}' as last_repair_at, s.reminded_day, d.streak_day,
        d.reward_amount as reward,
        (select c.streak_day from ${streakCheckIns} c
          where c.user_id = ${userId}::uuid and c.day = ${today}::date - s.current - 1) as before_streak_day
      from s left join day_row d on true`,
    );
    const w = rows[0];
    if (!w || w.streak_day === null) throw conflict(STREAK_MSG.alreadyCheckedIn, STREAK_CODE.alreadyCheckedIn);
    const streakDay = Number(w.streak_day);
    const reward = Number(w.reward);
    const updated: StreakRow = {
      userId,
      current: streakDay,
      longest: Number(w.longest),
      lastDay: today,
      lastRepairAt: w.last_repair_at ? new Date(w.last_repair_at) : null,
      remindedDay: w.reminded_day,
      updatedAt: now,
    };
    await awardXp(tx, { userId, amount: CHECK_IN_XP, source: 'check_in', sourceId: today, at: now });
    const status = await statusOf(tx, userId, updated, tz, now, cfg, w.before_streak_day);
    const event = (transactionId: string | null): DomainEvent => ({
      type: 'streak.checked_in',
      payload: { userId, day: today, streakDay, rewardCents: reward, transactionId },
    });
    // The payment comes last and in one statement with its event and the two wallets' lookups: a system wallet
    // row is held only until the commit.
    if (reward > 0)
      await moveWithEvent(
        tx,
        {
          fromWalletId: { systemShard: randomInt(SYSTEM_WALLET_SHARDS) },
          toWalletId: { memberOf: userId },
          amountCents: reward,
          type: 'streak_reward',
          description: `Daily check-in, day ${streakDay}`,
        },
        event,
      );
    else await recordEvent(tx, event(null));
    return { ...status, reward: centsToAmount(reward), xp: CHECK_IN_XP };
  });
}

/**
 * `POST club/streak/repair/`: fills the one missed day (a `repair` check-in, no reward, no XP) for
 * STREAK_REPAIR_COST W paid to the system account, and the streak continues across it. Refused (409) when no
 * single missed day is there to fill, its 48 hours are over, or a repair was used in the last 7 days; 400 when
 * the member cannot pay.
 */
export async function repairStreak(db: Db, userId: string, now: Date, cfg: StreakConfig): Promise<RepairResult> {
  return db.transaction(async (tx) => {
    const tz = await timezoneOf(tx, userId);
    const today = localDay(now, tz);
    const row = await lockStreak(tx, userId);
    const candidate = await repairCandidate(tx, userId, row, today, tz);
    if (!candidate) throw conflict(STREAK_MSG.nothingToRepair, STREAK_CODE.nothingToRepair);
    if (candidate.expiresAt <= now) throw conflict(STREAK_MSG.repairExpired, STREAK_CODE.repairExpired);
    if (repairUsedRecently(row, now)) throw conflict(STREAK_MSG.repairLimit, STREAK_CODE.repairLimit);

    const event = (transactionId: string | null): DomainEvent => ({
      type: 'streak.repaired',
      payload: { userId, day: candidate.missedDay, chargedCents: cfg.repairCostCents, transactionId },
    });
    if (cfg.repairCostCents > 0) {
      await moveWithEvent(
        tx,
        {
          fromWalletId: { memberOf: userId },
          toWalletId: { systemShard: randomInt(SYSTEM_WALLET_SHARDS) },
          amountCents: cfg.repairCostCents,
          type: 'streak_repair',
          description: `Streak repair (${candidate.missedDay})`,
          insufficientMessage: STREAK_MSG.insufficient,
        },
        event,
      );
    } else await recordEvent(tx, event(null));
    const repairedDay = candidate.before + 1;
    await tx.insert(streakCheckIns).values({
      userId,
      day: candidate.missedDay,
      kind: 'repair',
      streakDay: repairedDay,
      rewardAmount: 0,
      createdAt: now,
    });
    let current = repairedDay;
    let lastDay = candidate.missedDay;
    if (!candidate.afterLast) {
      // The run after the missed day now continues the one before it.
      await tx
        .update(streakCheckIns)
        .set({ streakDay: sql`${streakCheckIns.streakDay} + ${repairedDay}` })
        .where(
          and(
            eq(streakCheckIns.userId, userId),
            between(streakCheckIns.day, addDays(candidate.missedDay, 1), row.lastDay!),
            gt(streakCheckIns.streakDay, 0),
          ),
        );
      current = row.current + repairedDay;
      lastDay = row.lastDay!;
    }
    const [updated] = await tx
      .update(streaks)
      .set({
        current,
        longest: sql`greatest(${streaks.longest}, ${current})`,
        lastDay,
        lastRepairAt: now,
        updatedAt: now,
      })
      .where(eq(streaks.userId, userId))
      .returning();
    const status = await statusOf(tx, userId, updated, tz, now, cfg);
    return { ...status, charged: centsToAmount(cfg.repairCostCents) };
  });
}
