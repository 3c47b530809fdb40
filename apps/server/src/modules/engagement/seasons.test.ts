import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { createTestApp, usingPostgres, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { clubRequests } from '../../../test/club-requests.ts';
import { whileWalletHeld } from '../../../test/row-locks.ts';
import {
  leaderboardScores,
  notifications,
  seasons,
  staffAuditLog,
  transactions,
  users,
  wallets,
  xpEntries,
} from '../../db/schema/index.ts';
import { checkLedgerInvariants, getMemberWallet } from '../wallet/wallet.service.ts';
import { advanceSeason, runSeasons, SEASON_SETTLE_MS } from './season-payout.service.ts';
import { seasonPayouts } from './season-board.service.ts';
import { awardXp } from './xp.service.ts';

/** Seasons (issue #16 item 11): staff scheduling, the current season, funding and paying exactly once. */

let t: TestApp;
type Member = Awaited<ReturnType<typeof createMember>>;
let staff: Member;
let member: Member;
beforeAll(async () => {
  t = await createTestApp({ poolSize: 12 });
  staff = await createMember(t);
  await t.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.user.id));
  member = await createMember(t);
});
afterAll(() => t.close());

const { post, get, patch, del } = clubRequests(() => t.app);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(new Date().getTime() + ms).toISOString();
const auditCount = async (action: string, id: string) =>
  (
    await t.db
      .select({ n: count() })
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, action), eq(staffAuditLog.targetId, id)))
  )[0]!.n;
const balance = async (m: Member) => (await getMemberWallet(t.db, m.user.id)).balance;

describe('staff seasons', () => {
  it('creates, lists, changes and deletes a season before it starts, one audit entry each', async () => {
    const res = await post(staff, '/staff/seasons/', {
      name: 'Spring',
      starts_at: at(30 * DAY),
      ends_at: at(40 * DAY),
      prize_pool: '100.00',
      payout_split: [50, 30, 20],
    });
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json();
    expect(s).toMatchObject({
      name: 'Spring',
      status: 'scheduled',
      prize_pool: '100.00',
      prizes: ['50.00', '30.00', '20.00'],
    });
    expect(await auditCount('season.create', s.id)).toBe(1);

    const list = await get(staff, '/staff/seasons/');
    expect(list.json().results.map((x: { id: string }) => x.id)).toContain(s.id);

    const changed = await patch(staff, `/staff/seasons/${s.id}/`, { name: 'Spring cup', payout_split: [60, 40] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Spring cup', payout_split: [60, 40], prizes: ['60.00', '40.00'] });
    expect(await auditCount('season.update', s.id)).toBe(1);

    // Seasons never overlap.
    const clash = await post(staff, '/staff/seasons/', {
      name: 'Clash',
      starts_at: at(35 * DAY),
      ends_at: at(45 * DAY),
      prize_pool: 0,
      payout_split: [],
    });
    expect(clash.statusCode, clash.body).toBe(409);

    expect((await del(staff, `/staff/seasons/${s.id}/`)).statusCode).toBe(204);
    expect(await auditCount('season.delete', s.id)).toBe(1);
    expect((await del(staff, `/staff/seasons/${s.id}/`)).statusCode).toBe(404);
  });

  it('refuses a split over 100%, an end before the start, and members', async () => {
    const base = { name: 'Bad', starts_at: at(50 * DAY), ends_at: at(51 * DAY), prize_pool: '10' };
    const over = await post(staff, '/staff/seasons/', { ...base, payout_split: [60, 50] });
    expect(over.statusCode).toBe(400);
    expect(over.body).toContain('more than 100%');
    const backwards = await post(staff, '/staff/seasons/', { ...base, ends_at: at(49 * DAY), payout_split: [100] });
    expect(backwards.statusCode).toBe(400);
    expect((await post(member, '/staff/seasons/', { ...base, payout_split: [100] })).statusCode).toBe(403);
  });

  it('GET seasons/current/ shows the running season with its top and my place; a started season is locked', async () => {
    const res = await post(staff, '/staff/seasons/', {
      name: 'Now',
      starts_at: at(-HOUR),
      ends_at: at(10 * DAY),
      prize_pool: '30.00',
      payout_split: [70, 30],
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    const [a, b] = [await createMember(t), await createMember(t)];
    await t.db.transaction(async (tx) => {
      await awardXp(tx, { userId: a.user.id, amount: 40, source: 'achievement', sourceId: 'cur-a', at: new Date() });
      await awardXp(tx, { userId: b.user.id, amount: 40, source: 'achievement', sourceId: 'cur-b', at: new Date() });
      await awardXp(tx, {
        userId: member.user.id,
        amount: 10,
        source: 'achievement',
        sourceId: 'cur-m',
        at: new Date(),
      });
    });
    const cur = await get(member, '/seasons/current/');
    expect(cur.statusCode, cur.body).toBe(200);
    const body = cur.json();
    expect(body.season).toMatchObject({ id, name: 'Now', prizes: ['21.00', '9.00'] });
    expect(body.top.map((r: { rank: number; xp: number }) => [r.rank, r.xp])).toEqual([
      [1, 40],
      [1, 40],
      [3, 10],
    ]);
    expect(body.me).toEqual({ rank: 3, xp: 10, level: 1 });
    expect((await patch(staff, `/staff/seasons/${id}/`, { name: 'Later' })).statusCode).toBe(409);
    expect((await del(staff, `/staff/seasons/${id}/`)).statusCode).toBe(409);
  });
});

describe('seasonPayouts', () => {
  it('splits ties evenly between the places they take, rounding down', () => {
    const rows = [
      { userId: 'a', xp: 300 },
      { userId: 'b', xp: 200 },
      { userId: 'c', xp: 200 },
      { userId: 'd', xp: 100 },
    ];
    expect(seasonPayouts(10_000, [50, 30, 20], rows)).toEqual([
      { userId: 'a', place: 1, cents: 5000 },
      { userId: 'b', place: 2, cents: 2500 },
      { userId: 'c', place: 2, cents: 2500 },
    ]);
    // Three tied for first share first place's 50% (and nothing beyond the split): 16.66 each, rounded down.
    expect(seasonPayouts(100, [50], rows.slice(1, 3).concat([{ userId: 'e', xp: 200 }]))).toEqual([
      { userId: 'b', place: 1, cents: 16 },
      { userId: 'c', place: 1, cents: 16 },
      { userId: 'e', place: 1, cents: 16 },
    ]);
    expect(seasonPayouts(10_000, [50, 30], [])).toEqual([]);
  });
});

/**
 * A season in the past (its own window, so boards never mix), inserted with its members' XP in one transaction:
 * the app's own cron may pay it any moment after, and it must find the board complete.
 */
let windowIndex = 0;
async function pastSeason(pool: number, split: number[], xp: [Member, number][]) {
  windowIndex += 1;
  const startsAt = new Date(Date.UTC(2001, 0, windowIndex * 3));
  const endsAt = new Date(startsAt.getTime() + DAY);
  return t.db.transaction(async (tx) => {
    const [s] = await tx
      .insert(seasons)
      .values({ name: `Past ${windowIndex}`, startsAt, endsAt, prizePool: pool, payoutSplit: split })
      .returning();
    for (const [m, amount] of xp)
      await awardXp(tx, {
        userId: m.user.id,
        amount,
        source: 'achievement',
        sourceId: `season-test-${s!.id}`,
        at: new Date(startsAt.getTime() + HOUR),
      });
    return s!;
  });
}

const prizesTo = async (seasonId: string) => {
  const [w] = await t.db.select({ id: wallets.id }).from(wallets).where(eq(wallets.seasonId, seasonId));
  return t.db
    .select({ to: transactions.toWalletId, amount: transactions.amount })
    .from(transactions)
    .where(and(eq(transactions.fromWalletId, w!.id), eq(transactions.transactionType, 'season_prize')));
};

describe('season payout job', () => {
  it('waits SEASON_SETTLE_MS after the end, then closes the board: later XP no longer counts on it', async () => {
    const [a, b] = await Promise.all([createMember(t), createMember(t)]);
    // In the future, so the app's own cron leaves it alone; the test moves the clock itself.
    const startsAt = new Date(Date.now() + 400 * DAY);
    const [s] = await t.db
      .insert(seasons)
      .values({
        name: 'Settling',
        startsAt,
        endsAt: new Date(startsAt.getTime() + DAY),
        prizePool: 1_000,
        payoutSplit: [100],
      })
      .returning();
    if (!s) throw new Error('no season');
    const late = (m: Member, id: string, amount: number) =>
      t.db.transaction((tx) =>
        awardXp(tx, {
          userId: m.user.id,
          amount,
          source: 'achievement',
          sourceId: id,
          at: new Date(startsAt.getTime() + HOUR),
        }),
      );
    await late(a, `early-${s.id}`, 50);
    const justEnded = new Date(s.endsAt.getTime() + SEASON_SETTLE_MS - 1000);
    expect((await advanceSeason(t.db, s.id, justEnded)).paid).toEqual([]);
    // An approval from inside the season arriving late, but within the settling time, still decides the place.
    await late(b, `late-${s.id}`, 80);
    const paid = await advanceSeason(t.db, s.id, new Date(s.endsAt.getTime() + SEASON_SETTLE_MS));
    expect(paid.paid).toEqual([{ userId: b.user.id, place: 1, cents: 1_000 }]);
    // After the payout, XP from inside the season is no longer added to its board.
    await late(a, `later-${s.id}`, 100);
    const board = await t.db
      .select()
      .from(leaderboardScores)
      .where(eq(leaderboardScores.board, `season:${s.id}`));
    expect(Object.fromEntries(board.map((r) => [r.userId, r.xp]))).toEqual({ [a.user.id]: 50, [b.user.id]: 80 });
  });

  it('funds and pays once when run twice: ties split, hidden, staff-hidden and disabled members skipped', async () => {
    const [a, b, c, d, hidden, disabled, staffHidden] = await Promise.all(
      Array.from({ length: 7 }, () => createMember(t)),
    );
    const s = await pastSeason(
      10_000,
      [50, 30, 20],
      [
        [hidden!, 900],
        [disabled!, 800],
        [staffHidden!, 1000],
        [a!, 300],
        [b!, 200],
        [c!, 200],
        [d!, 100],
      ],
    );
    await t.db.update(users).set({ isHidden: true }).where(eq(users.id, hidden!.user.id));
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, disabled!.user.id));
    await t.db.update(users).set({ hiddenByStaff: true }).where(eq(users.id, staffHidden!.user.id));
    const everyone = [a, b, c, d, hidden, disabled, staffHidden];
    const before = await Promise.all(everyone.map((m) => balance(m!)));

    const now = new Date(Date.UTC(2030, 0, 1));
    await runSeasons(t.db, now);
    await runSeasons(t.db, now);
    expect(await advanceSeason(t.db, s.id, now)).toEqual({ seasonId: s.id, funded: false, paid: [] });

    const after = await Promise.all(everyone.map((m) => balance(m!)));
    expect(after.map((x, i) => x - before[i]!)).toEqual([5000, 2500, 2500, 0, 0, 0, 0]);
    // Each paid place is a season achievement: XP = the prize in whole W, once (the job ran three times).
    const seasonXp = await t.db
      .select({ userId: xpEntries.userId, amount: xpEntries.amount })
      .from(xpEntries)
      .where(and(eq(xpEntries.source, 'season'), eq(xpEntries.sourceId, s.id)));
    expect(Object.fromEntries(seasonXp.map((x) => [x.userId, x.amount]))).toEqual({
      [a!.user.id]: 50,
      [b!.user.id]: 25,
      [c!.user.id]: 25,
    });
    const [row] = await t.db.select().from(seasons).where(eq(seasons.id, s.id));
    expect(row).toMatchObject({ status: 'paid' });
    expect(row!.fundedAt).not.toBeNull();
    expect(row!.paidAt).not.toBeNull();
    const paid = await prizesTo(s.id);
    // Three winners; nothing left to return (50 + 25 + 25 = 100%).
    expect(paid).toHaveLength(3);
    const [w] = await t.db.select().from(wallets).where(eq(wallets.seasonId, s.id));
    expect(w!.balance).toBe(0);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);

    // Each winner is told, once.
    await vi.waitFor(
      async () => {
        const notes = await t.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, b!.user.id), eq(notifications.title, `You placed #2 in ${s.name}`)));
        expect(notes).toHaveLength(1);
        expect(notes[0]!.message).toContain('25 W');
      },
      { timeout: 10_000 },
    );
  });

  it('funds a season at its start: the pool minted from the system account into its wallet, active until its end', async () => {
    // In the future, so the app's own cron leaves it alone; the test moves the clock itself.
    const startsAt = new Date(Date.now() + 500 * DAY);
    const endsAt = new Date(startsAt.getTime() + 7 * DAY);
    const [s] = await t.db
      .insert(seasons)
      .values({ name: 'Funded', startsAt, endsAt, prizePool: 7_500, payoutSplit: [60, 40] })
      .returning();
    if (!s) throw new Error('no season');
    const stepFor = async (now: Date) =>
      (await runSeasons(t.db, now)).find((x) => x.seasonId === s.id) ?? { seasonId: s.id, funded: false, paid: [] };
    const seasonWallet = async () => (await t.db.select().from(wallets).where(eq(wallets.seasonId, s.id)))[0];
    const statusOf = async () => (await t.db.select().from(seasons).where(eq(seasons.id, s.id)))[0]!;

    // A moment before its start the job leaves it alone.
    expect(await stepFor(new Date(startsAt.getTime() - 1000))).toEqual({ seasonId: s.id, funded: false, paid: [] });
    expect(await seasonWallet()).toBeUndefined();
    expect((await statusOf()).status).toBe('scheduled');

    // At its start: funded once, from the system account, and active.
    expect(await stepFor(startsAt)).toEqual({ seasonId: s.id, funded: true, paid: [] });
    const wallet = await seasonWallet();
    expect(wallet?.balance).toBe(7_500);
    const mints = await t.db
      .select({ amount: transactions.amount, fromKind: wallets.kind })
      .from(transactions)
      .innerJoin(wallets, eq(wallets.id, transactions.fromWalletId))
      .where(eq(transactions.toWalletId, wallet!.id));
    expect(mints).toEqual([{ amount: 7_500, fromKind: 'system' }]);
    expect(await statusOf()).toMatchObject({ status: 'active', fundedAt: startsAt, paidAt: null });

    // Run again during the season and up to its settling: nothing more is minted or paid.
    for (const now of [
      startsAt,
      new Date(endsAt.getTime() - 1000),
      new Date(endsAt.getTime() + SEASON_SETTLE_MS - 1000),
    ])
      expect(await stepFor(now)).toEqual({ seasonId: s.id, funded: false, paid: [] });
    expect((await seasonWallet())?.balance).toBe(7_500);
    expect(await statusOf()).toMatchObject({ status: 'active', paidAt: null });
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('returns what nobody won (places nobody took, rounding) to the system account', async () => {
    const [a, b, c] = await Promise.all([createMember(t), createMember(t), createMember(t)]);
    const s = await pastSeason(
      100,
      [50, 20],
      [
        [a, 10],
        [b, 10],
        [c, 10],
      ],
    );
    const before = await Promise.all([a, b, c].map(balance));
    await runSeasons(t.db, new Date(Date.UTC(2030, 0, 1)));
    const after = await Promise.all([a, b, c].map(balance));
    // Three tied for first share 50% + 20%: 23.33 each → 23; 31 returned.
    expect(after.map((x, i) => x - before[i]!)).toEqual([23, 23, 23]);
    const [w] = await t.db.select().from(wallets).where(eq(wallets.seasonId, s.id));
    expect(w!.balance).toBe(0);
    const returned = await t.db
      .select({ amount: transactions.amount })
      .from(transactions)
      .innerJoin(wallets, eq(wallets.id, transactions.toWalletId))
      .where(and(eq(transactions.fromWalletId, w!.id), eq(wallets.kind, 'system')));
    expect(returned.map((r) => r.amount)).toEqual([31]);

    const empty = await pastSeason(5_000, [100], []);
    await runSeasons(t.db, new Date(Date.UTC(2030, 0, 1)));
    const [e] = await t.db.select().from(seasons).where(eq(seasons.id, empty.id));
    expect(e!.status).toBe('paid');
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it.runIf(usingPostgres)('pays once when many runs race (PostgreSQL)', async () => {
    const [a, b] = await Promise.all([createMember(t), createMember(t)]);
    const s = await pastSeason(
      2_000,
      [60, 40],
      [
        [a, 20],
        [b, 10],
      ],
    );
    const before = await Promise.all([a, b].map(balance));
    const now = new Date(Date.UTC(2030, 0, 1));
    await Promise.all([
      ...Array.from({ length: 4 }, () => runSeasons(t.db, now)),
      ...Array.from({ length: 4 }, () => advanceSeason(t.db, s.id, now)),
    ]);
    const after = await Promise.all([a, b].map(balance));
    expect(after.map((x, i) => x - before[i]!)).toEqual([1200, 800]);
    expect(await prizesTo(s.id)).toHaveLength(2);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it.runIf(usingPostgres)(
    'locks every wallet of the payout, in id order, before the first prize: never one held while it waits (PostgreSQL)',
    async () => {
      // The first place's wallet after the second's in id order: paid move by move, the payout would hold the
      // first's wallet while it waits for the second's, and a batch of redemptions (which locks its members'
      // wallets in id order) holding the second's and waiting for the first's would deadlock with it.
      const pair = await Promise.all([createMember(t), createMember(t)]);
      const wallet = new Map(
        await Promise.all(pair.map(async (m) => [m, (await getMemberWallet(t.db, m.user.id)).id] as const)),
      );
      const [first, second] = [...pair].sort((x, y) => (wallet.get(x)! > wallet.get(y)! ? -1 : 1)) as [Member, Member];
      const s = await pastSeason(
        1_000,
        [60, 40],
        [
          [first, 20],
          [second, 10],
        ],
      );
      const { checkedWasLocked, outcome } = await whileWalletHeld(
        t.db,
        { hold: wallet.get(second)!, check: wallet.get(first)! },
        () => advanceSeason(t.db, s.id, new Date(Date.UTC(2030, 0, 1))),
      );
      expect(checkedWasLocked).toBe(false);
      expect(outcome.paid.map((p) => [p.userId, p.cents])).toEqual([
        [first.user.id, 600],
        [second.user.id, 400],
      ]);
      expect(await checkLedgerInvariants(t.db)).toEqual([]);
    },
  );
});
