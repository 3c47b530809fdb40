import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, usingPostgres, type TestApp } from '../../../test/create-test-app.ts';
import { clubRequests } from '../../../test/club-requests.ts';
import { createMember } from '../../../test/users.ts';
import type { LiveEvent } from '@wyn/contract';
import { outboxEvents, streakCheckIns, transactions, userSettings, xpEntries } from '../../db/schema/index.ts';
import { liveEventsOf } from '../../integrations/live-events.ts';
import { checkLedgerInvariants, getMemberWallet, move, systemWalletId } from '../wallet/wallet.service.ts';
import { addDays, dayStart, localDay } from './streak-days.ts';

/**
 * The daily streak (issue #16 items 5–6): one check-in per local day (409 after, also when two race), the weekly
 * reward schedule, day boundaries in the member's timezone, and repairing one missed day (charged once, once per
 * 7 days, within 48 hours).
 */
let t: TestApp;
let shift = 0;
beforeAll(async () => {
  t = await createTestApp({ poolSize: 10 });
});
afterAll(() => t.close());

const { get, post, patch } = clubRequests(() => t.app);
type Member = Awaited<ReturnType<typeof createMember>>;

/** Sets the app's clock to `iso` (the test's own clock keeps running from there). */
function clockAt(iso: string) {
  const delta = Date.parse(iso) - (Date.now() + shift);
  t.advance(delta);
  shift += delta;
}

const balance = async (m: Member) => (await getMemberWallet(t.db, m.user.id)).balance;
const checkIn = (m: Member, body: object = {}) => post(m, '/streak/check-in/', body);
const repair = (m: Member) => post(m, '/streak/repair/');
const status = async (m: Member) => {
  const res = await get(m, '/streak/');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const txCount = async (m: Member, type: 'streak_reward' | 'streak_repair') => {
  const w = await getMemberWallet(t.db, m.user.id);
  const rows = await t.db.select().from(transactions).where(eq(transactions.transactionType, type));
  return rows.filter((r) => r.toWalletId === w.id || r.fromWalletId === w.id).length;
};
const expectLedgerSound = async () => expect(await checkLedgerInvariants(t.db)).toEqual([]);

describe('local days', () => {
  it('counts days in the member timezone, across a DST change', () => {
    expect(localDay(new Date('2026-03-10T14:30:00Z'), 'Asia/Tokyo')).toBe('2026-03-10');
    expect(localDay(new Date('2026-03-10T15:30:00Z'), 'Asia/Tokyo')).toBe('2026-03-11');
    expect(localDay(new Date('2026-03-10T03:00:00Z'), 'America/New_York')).toBe('2026-03-09');
    expect(dayStart('2026-03-11', 'Asia/Tokyo').toISOString()).toBe('2026-03-10T15:00:00.000Z');
    // New York moves to summer time on 2026-03-08: that day starts at 05:00Z, the next at 04:00Z.
    expect(dayStart('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(dayStart('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });
});

describe('check-in', () => {
  it('starts empty, pays day 1 once, and answers 409 already_checked_in after', async () => {
    clockAt('2026-04-01T10:00:00Z');
    const m = await createMember(t);
    expect(await status(m)).toMatchObject({
      current: 0,
      longest: 0,
      checked_in_today: false,
      next_reward: '1.00',
      repairs_left: 1,
      timezone: 'UTC',
      today: '2026-04-01',
      repair: { available: false, cost: '5.00', missed_day: null, expires_at: null },
    });
    const before = await balance(m);
    const first = await checkIn(m);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ current: 1, longest: 1, checked_in_today: true, reward: '1.00', xp: 5 });
    expect(await balance(m)).toBe(before + 100);
    const again = await checkIn(m);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'already_checked_in' });
    expect(await balance(m)).toBe(before + 100);
    expect(await txCount(m, 'streak_reward')).toBe(1);
    const xp = await t.db.select().from(xpEntries).where(eq(xpEntries.userId, m.user.id));
    expect(xp).toMatchObject([{ amount: 5, source: 'check_in', sourceId: '2026-04-01' }]);
    await expectLedgerSound();
  });

  it('decides two check-ins at once: one 200, one 409, paid once', async () => {
    clockAt('2026-04-01T11:00:00Z');
    const m = await createMember(t);
    const before = await balance(m);
    const answers = await Promise.all([checkIn(m), checkIn(m), checkIn(m)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await balance(m)).toBe(before + 100);
    expect(await txCount(m, 'streak_reward')).toBe(1);
    await expectLedgerSound();
  });

  it('pays the weekly schedule: 1 W on days 1–6, 10 W on day 7, 1 W again on day 8', async () => {
    const m = await createMember(t);
    const before = await balance(m);
    const rewards: string[] = [];
    for (let d = 0; d < 8; d++) {
      clockAt(`${addDays('2026-05-01', d)}T12:00:00Z`);
      const res = await checkIn(m);
      expect(res.statusCode, res.body).toBe(200);
      rewards.push(res.json().reward);
    }
    expect(rewards).toEqual(['1.00', '1.00', '1.00', '1.00', '1.00', '1.00', '10.00', '1.00']);
    expect(await balance(m)).toBe(before + 1700);
    expect(await status(m)).toMatchObject({ current: 8, longest: 8, next_reward: '1.00' });
    // A day missed: the streak shows 0 the day after, and the next check-in starts at day 1.
    clockAt(`${addDays('2026-05-01', 10)}T12:00:00Z`);
    expect(await status(m)).toMatchObject({ current: 0, longest: 8, repair: { available: false } });
    expect((await checkIn(m)).json()).toMatchObject({ current: 1, longest: 8 });
    await expectLedgerSound();
  });

  it('counts each member day in their own timezone (sent on check-in and stored)', async () => {
    const tokyo = await createMember(t);
    const newYork = await createMember(t);
    clockAt('2026-03-10T14:30:00Z'); // Tokyo 23:30 on the 10th; New York 10:30 on the 10th
    expect((await checkIn(tokyo, { timezone: 'Asia/Tokyo' })).json()).toMatchObject({
      today: '2026-03-10',
      timezone: 'Asia/Tokyo',
      current: 1,
    });
    expect((await checkIn(newYork, { timezone: 'America/New_York' })).json()).toMatchObject({
      today: '2026-03-10',
      current: 1,
    });
    const [stored] = await t.db.select().from(userSettings).where(eq(userSettings.userId, tokyo.user.id));
    expect(stored?.timezone).toBe('Asia/Tokyo');

    clockAt('2026-03-10T15:30:00Z'); // Tokyo 00:30 on the 11th: a new day there, not in New York
    expect((await checkIn(tokyo)).json()).toMatchObject({ today: '2026-03-11', current: 2 });
    expect((await checkIn(newYork)).statusCode).toBe(409);

    clockAt('2026-03-11T03:59:00Z'); // New York 23:59 on the 10th
    expect((await checkIn(newYork)).statusCode).toBe(409);
    clockAt('2026-03-11T04:01:00Z'); // New York 00:01 on the 11th
    expect((await checkIn(newYork)).json()).toMatchObject({ today: '2026-03-11', current: 2 });

    // Moving west after checking in does not give the same day again.
    clockAt('2026-03-11T16:00:00Z'); // Tokyo 01:00 on the 12th
    expect((await checkIn(tokyo)).json()).toMatchObject({ today: '2026-03-12', current: 3 });
    const west = await checkIn(tokyo, { timezone: 'America/Los_Angeles' });
    expect(west.statusCode).toBe(409);
    expect(west.json()).toMatchObject({ code: 'already_checked_in' });
    // The new zone is kept all the same, and the status says checked in (no button that would only answer 409).
    const [moved] = await t.db.select().from(userSettings).where(eq(userSettings.userId, tokyo.user.id));
    expect(moved?.timezone).toBe('America/Los_Angeles');
    const status = await t.app.inject({ method: 'GET', url: '/api/v1/club/streak/', headers: tokyo.auth });
    expect(status.json()).toMatchObject({ timezone: 'America/Los_Angeles', checked_in_today: true, current: 3 });
  });

  it('refuses a timezone that is not an IANA name (check-in and settings)', async () => {
    const m = await createMember(t);
    const res = await checkIn(m, { timezone: 'Mars/Olympus' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('timezone');
    expect((await patch(m, '/user-settings/', { timezone: 'nope' })).statusCode).toBe(400);
    expect((await patch(m, '/user-settings/', { reminder_hour: 24 })).statusCode).toBe(400);
    const ok = await patch(m, '/user-settings/', {
      timezone: 'Europe/Berlin',
      streak_reminders: true,
      reminder_hour: 8,
    });
    expect(ok.json()).toMatchObject({ timezone: 'Europe/Berlin', streak_reminders: true, reminder_hour: 8 });
    expect((await status(m)).timezone).toBe('Europe/Berlin');
  });
});

describe('repair', () => {
  it('fills one missed day: the streak continues, charged once; a second repair within 7 days is refused', async () => {
    const m = await createMember(t);
    clockAt('2026-06-01T09:00:00Z');
    expect((await checkIn(m)).statusCode).toBe(200);
    clockAt('2026-06-02T09:00:00Z');
    expect((await checkIn(m)).statusCode).toBe(200);
    // Nothing missed yet.
    expect((await repair(m)).json()).toMatchObject({ code: 'nothing_to_repair' });
    clockAt('2026-06-04T09:00:00Z'); // the 3rd was missed
    expect(await status(m)).toMatchObject({
      current: 0,
      repair: {
        available: true,
        cost: '5.00',
        missed_day: '2026-06-03',
        expires_at: '2026-06-06T00:00:00.000Z',
      },
    });
    const before = await balance(m);
    const fixed = await repair(m);
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ current: 3, charged: '5.00', repairs_left: 0, repair: { available: false } });
    expect(await balance(m)).toBe(before - 500);
    expect((await repair(m)).statusCode).toBe(409);
    expect(await balance(m)).toBe(before - 500);
    expect(await txCount(m, 'streak_repair')).toBe(1);
    const [row] = await t.db
      .select()
      .from(streakCheckIns)
      .where(and(eq(streakCheckIns.userId, m.user.id), eq(streakCheckIns.day, '2026-06-03')));
    expect(row).toMatchObject({ kind: 'repair', streakDay: 3, rewardAmount: 0 });
    expect((await checkIn(m)).json()).toMatchObject({ current: 4, longest: 4 });

    // Broken again two days later: within 7 days of the repair, so refused, with nothing charged.
    clockAt('2026-06-06T09:00:00Z'); // the 5th was missed
    expect(await status(m)).toMatchObject({ repairs_left: 0, repair: { available: false, missed_day: '2026-06-05' } });
    const limited = await repair(m);
    expect(limited.statusCode).toBe(409);
    expect(limited.json()).toMatchObject({ code: 'repair_limit' });
    expect(await txCount(m, 'streak_repair')).toBe(1);
    // Eight days after the repair it may be used again.
    clockAt('2026-06-12T09:00:00Z');
    expect((await checkIn(m)).statusCode).toBe(200);
    clockAt('2026-06-14T09:00:00Z');
    expect((await repair(m)).statusCode).toBe(200);
    expect(await txCount(m, 'streak_repair')).toBe(2);
    await expectLedgerSound();
  });

  it('joins the run before the missed day to a check-in made after it', async () => {
    const m = await createMember(t);
    for (const day of ['2026-07-01', '2026-07-02', '2026-07-03', '2026-07-05']) {
      clockAt(`${day}T09:00:00Z`);
      expect((await checkIn(m)).statusCode).toBe(200);
    }
    expect(await status(m)).toMatchObject({ current: 1, repair: { available: true, missed_day: '2026-07-04' } });
    expect((await repair(m)).json()).toMatchObject({ current: 5, longest: 5, checked_in_today: true });
    clockAt('2026-07-06T09:00:00Z');
    // Day 6 of the streak now (1 W), day 7 tomorrow (10 W).
    expect((await checkIn(m)).json()).toMatchObject({ current: 6, reward: '1.00', next_reward: '10.00' });
  });

  it('closes 48 hours after the missed day ends, and never fills two missed days', async () => {
    const m = await createMember(t);
    clockAt('2026-08-01T09:00:00Z');
    await checkIn(m);
    clockAt('2026-08-03T09:00:00Z'); // the 2nd was missed
    await checkIn(m);
    clockAt('2026-08-04T09:00:00Z');
    await checkIn(m);
    clockAt('2026-08-04T23:59:00Z'); // the window ends at 2026-08-05T00:00Z
    expect(await status(m)).toMatchObject({ repair: { available: true, missed_day: '2026-08-02' } });
    clockAt('2026-08-05T00:01:00Z');
    expect(await status(m)).toMatchObject({ repair: { available: false, missed_day: null } });
    const late = await repair(m);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'repair_expired' });

    const two = await createMember(t);
    clockAt('2026-08-10T09:00:00Z');
    await checkIn(two);
    clockAt('2026-08-13T09:00:00Z'); // the 11th and 12th were missed
    expect((await repair(two)).json()).toMatchObject({ code: 'nothing_to_repair' });
  });

  it('answers 400 when the member cannot pay, changing nothing', async () => {
    const m = await createMember(t);
    clockAt('2026-09-01T09:00:00Z');
    await checkIn(m);
    clockAt('2026-09-03T09:00:00Z');
    const w = await getMemberWallet(t.db, m.user.id);
    await t.db.transaction(async (tx) =>
      move(tx, {
        fromWalletId: w.id,
        toWalletId: await systemWalletId(tx),
        amountCents: w.balance - 100,
        type: 'system_reward',
      }),
    );
    const res = await repair(m);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'insufficient_funds',
      detail: 'You do not have enough W to repair your streak.',
    });
    expect(await balance(m)).toBe(100);
    expect(await status(m)).toMatchObject({ repairs_left: 1, repair: { available: true } });
    await expectLedgerSound();
  });

  it.runIf(usingPostgres)('decides two repairs at once: one 200, charged once', async () => {
    const m = await createMember(t);
    clockAt('2026-10-01T09:00:00Z');
    await checkIn(m);
    clockAt('2026-10-03T09:00:00Z');
    const answers = await Promise.all([repair(m), repair(m)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await txCount(m, 'streak_repair')).toBe(1);
    await expectLedgerSound();
  });
});

describe('live wallet', () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  async function until(check: () => boolean, ms = 10_000) {
    const end = Date.now() + ms;
    while (!check()) {
      if (Date.now() > end) throw new Error('timed out waiting');
      await sleep(25);
    }
  }

  it("tells the member's open tabs after a paid check-in and a repair, once each, from the recorded events", async () => {
    // Every live event this instance's streams receive (the wallet's are delivered in-process, decision 0018).
    const wire: (LiveEvent & { user_id: string })[] = [];
    const stop = liveEventsOf(t.database)!.subscribeAll((userId, e) => wire.push({ user_id: userId, ...e }));
    try {
      const m = await createMember(t);
      const walletEvents = () => wire.filter((e) => e.user_id === m.user.id && e.type === 'wallet');
      clockAt('2026-11-01T09:00:00Z');
      expect((await checkIn(m)).statusCode).toBe(200);
      await until(() => walletEvents().length === 1);
      clockAt('2026-11-03T09:00:00Z'); // the 2nd was missed
      expect((await repair(m)).statusCode).toBe(200);
      await until(() => walletEvents().length === 2);
      // A refused check-in or repair moves nothing and tells nothing.
      expect((await checkIn(m)).statusCode).toBe(200);
      expect((await checkIn(m)).statusCode).toBe(409);
      expect((await repair(m)).statusCode).toBe(409);
      await until(() => walletEvents().length === 3);
      await sleep(500);
      expect(walletEvents()).toHaveLength(3);

      const events = await t.db
        .select({ type: outboxEvents.type, payload: outboxEvents.payload })
        .from(outboxEvents)
        .where(
          and(
            inArray(outboxEvents.type, ['streak.checked_in', 'streak.repaired']),
            sql`${outboxEvents.payload}->>'userId' = ${m.user.id}`,
          ),
        )
        .orderBy(outboxEvents.createdAt);
      const ledger = await t.db
        .select({ id: transactions.id, type: transactions.transactionType, amount: transactions.amount })
        .from(transactions)
        .where(
          inArray(
            transactions.id,
            events.map((e) => (e.payload as { transactionId: string }).transactionId),
          ),
        );
      expect(events.map((e) => e.type).sort()).toEqual(['streak.checked_in', 'streak.checked_in', 'streak.repaired']);
      expect(events.find((e) => e.type === 'streak.repaired')?.payload).toMatchObject({
        userId: m.user.id,
        day: '2026-11-02',
        chargedCents: 500,
      });
      // Each event names the ledger transaction it tells of.
      expect(ledger.map((l) => [l.type, l.amount]).sort()).toEqual([
        ['streak_repair', 500],
        ['streak_reward', 100],
        ['streak_reward', 100],
      ]);
      await expectLedgerSound();
    } finally {
      stop();
    }
  });
});
