import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, usingPostgres, type TestApp } from '../../test/create-test-app.ts';
import { outboxEvents } from '../db/schema/index.ts';
import type { CommittedEvent } from './domain-events.ts';
import { eventBusOf } from './event-bus.ts';
import { recordEvent } from './outbox.ts';

/**
 * Durable consumers run for the events committed while a delivery is under way together, in one transaction (a flash
 * sale's hundred redemptions, issue #17); a batch that fails is run event by event, so one bad event holds up no
 * other. PostgreSQL only: the first delivery is held open while the others commit, which PGlite's one connection
 * would not allow.
 */
describe.runIf(usingPostgres)('durable consumers in batches (PostgreSQL)', () => {
  let t: TestApp;
  /** Each event the consumer handled (by its follower name), with the transaction that handled it. */
  const handled: Array<{ name: string; txid: string }> = [];
  let entered = false;
  let release: () => void = () => {};
  let gate = Promise.resolve();
  let badTries = 0;

  const event = (name: string) => ({
    type: 'follow.created' as const,
    payload: { followerId: randomUUID(), followerName: name, targetId: randomUUID() },
  });
  const waitFor = async (check: () => boolean | Promise<boolean>) => {
    for (let i = 0; i < 400 && !(await check()); i++) await new Promise((r) => setTimeout(r, 25));
  };

  beforeAll(async () => {
    t = await createTestApp();
    await eventBusOf(t.db)!.consume({
      name: 'test-batches',
      wants: (e: CommittedEvent) => e.type === 'follow.created',
      async handle(tx, e) {
        if (e.type !== 'follow.created') return;
        const name = e.payload.followerName;
        if (name === 'gate') {
          entered = true;
          await gate;
        }
        if (name === 'bad' && ++badTries === 1) throw new Error('bad the first time');
        const { rows } = (await tx.execute(sql`select txid_current()::text as txid`)) as unknown as {
          rows: Array<{ txid: string }>;
        };
        handled.push({ name, txid: rows[0]!.txid });
      },
    });
  });
  afterAll(() => t.close());

  /** Commits `names`' events while the gate's delivery is held, then lets it go. */
  const whileHeld = async (names: string[]) => {
    entered = false;
    gate = new Promise<void>((r) => (release = r));
    const first = recordEvent(t.db, event('gate'));
    await waitFor(() => entered);
    const rest = names.map((name) => recordEvent(t.db, event(name)));
    // Committed (their outbox rows are there) and waiting for the delivery under way.
    await waitFor(async () => {
      const rows = await t.db.select().from(outboxEvents);
      return names.every((n) => rows.some((r) => (r.payload as { followerName?: string }).followerName === n));
    });
    await new Promise((r) => setTimeout(r, 100));
    release();
    await Promise.all([first, ...rest]);
  };

  it('runs the events committed meanwhile in one transaction, and marks them dispatched', async () => {
    await whileHeld(['a', 'b', 'c', 'd']);
    const later = handled.filter((h) => ['a', 'b', 'c', 'd'].includes(h.name));
    expect(later.map((h) => h.name).sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(new Set(later.map((h) => h.txid)).size).toBe(1);
    expect(later[0]!.txid).not.toBe(handled.find((h) => h.name === 'gate')!.txid);
    const rows = await t.db.select().from(outboxEvents);
    expect(rows.filter((r) => r.dispatchedAt === null)).toEqual([]);
  });

  it('runs each event on its own when the batch fails, and retries only the bad one', async () => {
    handled.length = 0;
    await whileHeld(['e', 'bad', 'f']);
    // The batch (which handled `e` before `bad` threw) rolled back; then `e` and `f` ran each in a transaction of its
    // own, and `bad` was queued.
    const last = (name: string) => handled.filter((h) => h.name === name).at(-1)!;
    expect(new Set([last('e').txid, last('f').txid, handled[0]!.txid]).size).toBe(3);
    await waitFor(() => handled.some((h) => h.name === 'bad'));
    expect(handled.filter((h) => h.name === 'bad')).toHaveLength(1);
    const { rows } = (await t.db.execute(sql`select count(*)::int as n from processed_events
      where consumer = 'test-batches'`)) as unknown as { rows: Array<{ n: number }> };
    // gate, a–d, gate, e, bad and f: each once.
    expect(rows[0]!.n).toBe(9);
  });
});
