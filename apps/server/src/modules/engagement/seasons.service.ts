import { and, asc, count, desc, eq, gt, lt, lte, ne, sql } from 'drizzle-orm';
import {
  SEASON_MSG,
  amountToCents,
  centsToAmount,
  type CurrentSeason,
  type PageQuery,
  type Season,
  type SeasonCreateRequest,
  type SeasonUpdateRequest,
} from '@wyn/contract';
import type { Db, Tx } from '../../db/client.ts';
import { seasons } from '../../db/schema/index.ts';
import { badRequest, conflict, fieldError, notFound } from '../../lib/errors.ts';
import { iso } from '../../lib/dates.ts';
import { pageWindow } from '../../lib/pagination.ts';
import { recordStaffAction } from '../staff/audit.service.ts';
import { placePrizes, seasonPlaceOf, seasonTop } from './season-board.service.ts';

/**
 * Seasons (issue #16 item 11): staff schedule them here; season-payout.service.ts funds and pays them. A season
 * can be changed or deleted only while it is scheduled and has not started; seasons never overlap, so "the
 * current season" is one.
 */

type Row = typeof seasons.$inferSelect;

/** How many of the season board's top members `seasons/current/` shows. */
export const SEASON_TOP = 10;

export function toSeason(s: Row): Season {
  return {
    id: s.id,
    name: s.name,
    starts_at: s.startsAt.toISOString(),
    ends_at: s.endsAt.toISOString(),
    prize_pool: centsToAmount(s.prizePool),
    payout_split: s.payoutSplit,
    prizes: placePrizes(s.prizePool, s.payoutSplit).map(centsToAmount),
    status: s.status,
    funded_at: iso(s.fundedAt),
    paid_at: iso(s.paidAt),
    created_at: s.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a season. */
const snapshot = (s: Row) => ({
  name: s.name,
  starts_at: s.startsAt.toISOString(),
  ends_at: s.endsAt.toISOString(),
  prize_pool: centsToAmount(s.prizePool),
  payout_split: s.payoutSplit,
});

const poolCents = (v: number): number => {
  const cents = amountToCents(v.toFixed(2));
  if (cents === null || cents < 0) throw fieldError('prize_pool', 'Enter a prize pool of 0 W or more');
  return cents;
};

/** Serialises season writes, so two staff creating overlapping seasons at once cannot both succeed. */
const lockSeasons = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('wyn.seasons'))`);

async function refuseOverlap(tx: Tx, startsAt: Date, endsAt: Date, exceptId?: string) {
  const [clash] = await tx
    .select({ id: seasons.id })
    .from(seasons)
    .where(
      and(lt(seasons.startsAt, endsAt), gt(seasons.endsAt, startsAt), exceptId ? ne(seasons.id, exceptId) : undefined),
    )
    .limit(1);
  if (clash) throw conflict(SEASON_MSG.overlap, 'season_overlap');
}

function checkWindow(startsAt: Date, endsAt: Date, now: Date) {
  if (endsAt <= startsAt) throw fieldError('ends_at', SEASON_MSG.endsBeforeStart);
  if (endsAt <= now) throw fieldError('ends_at', SEASON_MSG.endsInPast);
}

export async function listSeasons(db: Db, q: PageQuery): Promise<{ rows: Season[]; count: number }> {
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db.select().from(seasons).orderBy(desc(seasons.startsAt), desc(seasons.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(seasons),
  ]);
  return { rows: rows.map(toSeason), count: total?.n ?? 0 };
}

export async function createSeason(db: Db, actorId: string, body: SeasonCreateRequest, now: Date): Promise<Season> {
  const startsAt = new Date(body.starts_at);
  const endsAt = new Date(body.ends_at);
  checkWindow(startsAt, endsAt, now);
  return db.transaction(async (tx) => {
    await lockSeasons(tx);
    await refuseOverlap(tx, startsAt, endsAt);
    const [row] = await tx
      .insert(seasons)
      .values({
        name: body.name,
        startsAt,
        endsAt,
        prizePool: poolCents(Number(body.prize_pool)),
        payoutSplit: body.payout_split,
        createdById: actorId,
        createdAt: now,
      })
      .returning();
    await recordStaffAction(tx, {
      actorId,
      action: 'season.create',
      targetType: 'season',
      targetId: row!.id,
      after: snapshot(row!),
    });
    return toSeason(row!);
  });
}

/** Locks a season that may still be changed: scheduled and not started (409 otherwise). */
async function lockUnstarted(tx: Tx, id: string, now: Date): Promise<Row> {
  const [row] = await tx.select().from(seasons).where(eq(seasons.id, id)).for('update');
  if (!row) throw notFound(SEASON_MSG.notFound);
  if (row.status !== 'scheduled' || row.startsAt <= now) throw conflict(SEASON_MSG.started, 'season_started');
  return row;
}

export async function updateSeason(
  db: Db,
  actorId: string,
  id: string,
  body: SeasonUpdateRequest,
  now: Date,
): Promise<Season> {
  return db.transaction(async (tx) => {
    await lockSeasons(tx);
    const before = await lockUnstarted(tx, id, now);
    const startsAt = body.starts_at ? new Date(body.starts_at) : before.startsAt;
    const endsAt = body.ends_at ? new Date(body.ends_at) : before.endsAt;
    checkWindow(startsAt, endsAt, now);
    const split = body.payout_split ?? before.payoutSplit;
    if (split.reduce((a, b) => a + b, 0) > 100) throw fieldError('payout_split', SEASON_MSG.splitTooMuch);
    await refuseOverlap(tx, startsAt, endsAt, id);
    const [row] = await tx
      .update(seasons)
      .set({
        name: body.name ?? before.name,
        startsAt,
        endsAt,
        prizePool: body.prize_pool === undefined ? before.prizePool : poolCents(Number(body.prize_pool)),
        payoutSplit: split,
      })
      .where(eq(seasons.id, id))
      .returning();
    if (!row) throw badRequest(SEASON_MSG.notFound);
    await recordStaffAction(tx, {
      actorId,
      action: 'season.update',
      targetType: 'season',
      targetId: id,
      before: snapshot(before),
      after: snapshot(row),
    });
    return toSeason(row);
  });
}

export async function deleteSeason(db: Db, actorId: string, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockUnstarted(tx, id, now);
    await tx.delete(seasons).where(eq(seasons.id, id));
    await recordStaffAction(tx, {
      actorId,
      action: 'season.delete',
      targetType: 'season',
      targetId: id,
      before: snapshot(before),
    });
  });
}

/** The running season, else the next scheduled one (null when there is neither). */
export async function currentSeason(db: Db, userId: string, now: Date): Promise<CurrentSeason> {
  const [running] = await db
    .select()
    .from(seasons)
    .where(and(lte(seasons.startsAt, now), gt(seasons.endsAt, now)))
    .orderBy(asc(seasons.startsAt))
    .limit(1);
  const [next] = running
    ? [running]
    : await db
        .select()
        .from(seasons)
        .where(and(gt(seasons.startsAt, now), eq(seasons.status, 'scheduled')))
        .orderBy(asc(seasons.startsAt))
        .limit(1);
  if (!next) return { season: null, top: [], me: null };
  const [top, me] = await Promise.all([seasonTop(db, next.id, SEASON_TOP), seasonPlaceOf(db, next.id, userId)]);
  return { season: toSeason(next), top, me };
}
