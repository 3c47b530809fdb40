import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LiveEvent } from '@wyn/contract';
import { createTestApp, usingPostgres, type TestApp } from '../../test/create-test-app.ts';
import { buildApp } from '../app.ts';
import { openPostgres } from '../db/client.ts';
import { createMember } from '../../test/users.ts';
import { clubRequests } from '../../test/club-requests.ts';
import { createServerErrorWatch } from '../../test/server-error-watch.ts';
import { notifications, outboxEvents, processedEvents } from '../db/schema/index.ts';
import { LIVE_CHANNEL } from '../integrations/live-events.ts';
import { notify } from '../modules/notifications/notifications.service.ts';
import type { CommittedEvent } from './domain-events.ts';
import { eventBusOf, type EventBus } from './event-bus.ts';
import { EVENTS_CHANNEL, notifyAfterCommit, recordEvent } from './outbox.ts';

let t: TestApp;
let bus: EventBus;
type Member = Awaited<ReturnType<typeof createMember>>;
let ava: Member;
let ben: Member;
/** Every live event on the database's channel (what every instance's streams receive), in order. */
const wire: (LiveEvent & { user_id: string })[] = [];
let stopListening: () => Promise<void>;
/** What a test consumer saw, in-process and durably. */
const heard: { inProcess: CommittedEvent[]; durable: CommittedEvent[] } = { inProcess: [], durable: [] };

beforeAll(async () => {
  t = await createTestApp({ env: { EVENTS_SWEEP_MS: '300' } });
  bus = eventBusOf(t.db)!;
  bus.onCommit({ name: 'test-in-process', handle: (e) => void heard.inProcess.push(e) });
  await bus.consume({
    name: 'test-durable',
    wants: (e) => e.type === 'follow.created',
    handle: async (_tx, e) => void heard.durable.push(e),
  });
  stopListening = await t.database.listen(LIVE_CHANNEL, (payload) => wire.push(JSON.parse(payload)));
  ava = await createMember(t);
  ben = await createMember(t);
});
afterAll(async () => {
  await stopListening();
  await t.close();
});

const { post } = clubRequests(() => t.app);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => Promise<boolean> | boolean, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(50);
  }
}
const notificationsOf = (m: Member) => t.db.select().from(notifications).where(eq(notifications.userId, m.user.id));
const liveFor = (m: Member, type: LiveEvent['type']) => wire.filter((e) => e.user_id === m.user.id && e.type === type);

describe('domain events', () => {
  it('an event recorded in a rolled-back transaction reaches no consumer and leaves no outbox row', async () => {
    const payload = { followerId: ava.user.id, followerName: 'Ava', targetId: ben.user.id };
    await expect(
      t.db.transaction(async (tx) => {
        await recordEvent(tx, { type: 'follow.created', payload });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    // A savepoint that rolls back inside a committed transaction drops its events too.
    await t.db.transaction(async (tx) => {
      await tx
        .transaction(async (sp) => {
          await recordEvent(sp, { type: 'follow.created', payload });
          throw new Error('savepoint failed');
        })
        .catch(() => {});
    });
    await sleep(1200); // two sweeps
    expect(heard.inProcess.filter((e) => e.type === 'follow.created')).toEqual([]);
    expect(heard.durable).toEqual([]);
    expect(await t.db.select().from(outboxEvents).where(eq(outboxEvents.type, 'follow.created'))).toEqual([]);
    expect(await notificationsOf(ben)).toEqual([]);
    expect(liveFor(ben, 'notification')).toEqual([]);
  });

  it('a follow gives one notification and one live event, delivered after commit, once', async () => {
    const res = await post(ava, `/profiles/${ben.user.id}/follow/`);
    expect(res.statusCode, res.body).toBe(200);
    // Delivered before the answer: the member's next read already has it (as before events).
    const rows = await notificationsOf(ben);
    expect(rows.map((r) => [r.notificationType, r.link])).toEqual([['follow', `/profile/${ava.user.id}`]]);
    expect(heard.inProcess.filter((e) => e.type === 'follow.created')).toHaveLength(1);
    await until(() => liveFor(ben, 'notification').length > 0);
    // The sweeper runs every 300 ms: give it several chances to deliver again.
    await sleep(1500);
    expect(await notificationsOf(ben)).toHaveLength(1);
    expect(liveFor(ben, 'notification')).toEqual([{ user_id: ben.user.id, type: 'notification', id: rows[0]!.id }]);
    expect(heard.durable.map((e) => e.type)).toEqual(['follow.created']);
    const [event] = await t.db.select().from(outboxEvents).where(eq(outboxEvents.type, 'follow.created'));
    expect(event!.dispatchedAt).not.toBeNull();
    const handled = await t.db.select().from(processedEvents).where(eq(processedEvents.eventId, event!.id));
    expect(handled.map((h) => h.consumer).sort()).toEqual(['notifications', 'test-durable']);
  });

  it('NOTIFY goes after the commit; when it fails, the event stays undispatched and the sweeper tells every instance', async () => {
    const told: CommittedEvent[] = [];
    const stop = await t.database.listen(EVENTS_CHANNEL, (payload) => told.push(JSON.parse(payload)));
    try {
      const payload = { followerId: ben.user.id, followerName: 'Ben', targetId: ava.user.id };
      await t.db.transaction(async (tx) => {
        await recordEvent(tx, { type: 'follow.created', payload });
        // Too long for NOTIFY (8000 bytes): the notices sent after this commit fail, as a dropped connection would.
        await notifyAfterCommit(tx, LIVE_CHANNEL, 'x'.repeat(9000));
        // Nothing is told before the commit.
        await sleep(100);
        expect(told).toEqual([]);
      });
      const [row] = await t.db
        .select()
        .from(outboxEvents)
        .where(and(eq(outboxEvents.type, 'follow.created'), eq(outboxEvents.payload, payload)));
      // Consumers in this instance heard it at once; the other instances were not told, so it is not dispatched.
      expect(heard.inProcess.some((e) => e.id === row!.id)).toBe(true);
      expect(row!.dispatchedAt).toBeNull();
      await until(() => told.some((e) => e.id === row!.id));
      await sleep(1000); // several sweeps
      expect(told.filter((e) => e.id === row!.id)).toHaveLength(1);
      const [after] = await t.db.select().from(outboxEvents).where(eq(outboxEvents.id, row!.id));
      expect(after!.dispatchedAt).not.toBeNull();
    } finally {
      await stop();
    }
  });

  it('an event no durable consumer wants is marked dispatched with its notice; not when the notice fails', async () => {
    const told: CommittedEvent[] = [];
    const stop = await t.database.listen(EVENTS_CHANNEL, (payload) => told.push(JSON.parse(payload)));
    const eventOf = async (sourceId: string) => {
      const [row] = await t.db
        .select()
        .from(outboxEvents)
        .where(and(eq(outboxEvents.type, 'xp.awarded'), eq(outboxEvents.payload, xp(sourceId))));
      return row!;
    };
    const xp = (sourceId: string) => ({ userId: ava.user.id, amount: 5, source: 'check_in' as const, sourceId });
    try {
      // No durable consumer wants `xp.awarded`: once the transaction returns, it is told and already dispatched,
      // with no statement of its own (the mark rides on the notice).
      await t.db.transaction((tx) => recordEvent(tx, { type: 'xp.awarded', payload: xp('told') }));
      const told1 = await eventOf('told');
      expect(heard.inProcess.some((e) => e.id === told1.id)).toBe(true);
      expect(told1.dispatchedAt).not.toBeNull();
      await until(() => told.some((e) => e.id === told1.id));
      // The notice fails: the mark goes with it, and the sweeper tells every instance and marks it.
      await t.db.transaction(async (tx) => {
        await recordEvent(tx, { type: 'xp.awarded', payload: xp('lost') });
        await notifyAfterCommit(tx, LIVE_CHANNEL, 'x'.repeat(9000));
      });
      const lost = await eventOf('lost');
      expect(heard.inProcess.some((e) => e.id === lost.id)).toBe(true);
      expect(lost.dispatchedAt).toBeNull();
      await until(() => told.some((e) => e.id === lost.id));
      await until(async () => (await eventOf('lost')).dispatchedAt !== null);
      await sleep(1000); // several sweeps
      expect(told.filter((e) => e.id === lost.id)).toHaveLength(1);
    } finally {
      await stop();
    }
  });

  it('a consumer that throws is retried with back-off and then succeeds once', async () => {
    const attempts: number[] = [];
    await bus.consume({
      name: 'test-flaky',
      wants: (e) => e.type === 'message.sent',
      async handle(tx, e) {
        attempts.push(Date.now());
        // In-process try, the queue's first try and its first retry fail; the second retry succeeds.
        if (attempts.length <= 3) throw new Error(`flaky ${attempts.length}`);
        if (e.type === 'message.sent') await notify(tx, e.payload.senderId, { type: 'system', title: 'flaky done' });
      },
    });
    const res = await post(ava, '/messages/', { receiver: ben.user.id, content: 'hello' });
    expect(res.statusCode, res.body).toBe(201);
    // The member's own notification arrived although another consumer failed.
    expect((await notificationsOf(ben)).filter((n) => n.notificationType === 'message')).toHaveLength(1);
    const done = async () => (await notificationsOf(ava)).filter((n) => n.title === 'flaky done').length > 0;
    await until(done, 30_000);
    await sleep(2500);
    expect(attempts).toHaveLength(4);
    expect((await notificationsOf(ava)).filter((n) => n.title === 'flaky done')).toHaveLength(1);
    // Back-off: the first retry waits about a second, the second about two (with jitter).
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(900);
    expect(attempts[3]! - attempts[2]!).toBeGreaterThanOrEqual(1900);
    const [event] = await t.db.select().from(outboxEvents).where(eq(outboxEvents.type, 'message.sent'));
    const handled = await t.db
      .select()
      .from(processedEvents)
      .where(and(eq(processedEvents.eventId, event!.id), eq(processedEvents.consumer, 'test-flaky')));
    expect(handled).toHaveLength(1);
  }, 60_000);
});

describe.runIf(usingPostgres)('domain events on two instances (PostgreSQL)', () => {
  it("every instance's in-process consumers hear a change once; durable consumers run once in all", async () => {
    const url = (t.database.queueConnection as { url: string }).url;
    const other = await openPostgres(url, 5);
    // The second instance is watched like every test app: an error it logs fails the test.
    const bWatch = createServerErrorWatch();
    const b = await buildApp({ config: t.config, database: other, logger: bWatch.logger });
    await b.ready();
    try {
      const heardByB: CommittedEvent[] = [];
      eventBusOf(other.db)!.onCommit({ name: 'test-b', handle: (e) => void heardByB.push(e) });
      const before = (await notificationsOf(ava)).length;
      const res = await post(ben, `/profiles/${ava.user.id}/follow/`);
      expect(res.statusCode, res.body).toBe(200);
      await until(() => heardByB.some((e) => e.type === 'follow.created'));
      await sleep(1500); // several sweeps on both instances
      expect(heardByB.filter((e) => e.type === 'follow.created')).toHaveLength(1);
      expect(heardByB[0]).toMatchObject({
        type: 'follow.created',
        payload: { followerId: ben.user.id, targetId: ava.user.id },
      });
      expect((await notificationsOf(ava)).length - before).toBe(1);
    } finally {
      await b.close();
      await other.close();
      bWatch.release();
    }
    bWatch.check();
  });
});
