import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { outboxEvents, processedEvents } from '../db/schema/index.ts';
import { OUTBOX_RETENTION_MS } from './outbox-cleanup.job.ts';
import { deleteDeliveredEvents } from './outbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('outbox cleanup', () => {
  it('deletes events delivered before the cut-off with their processed marks, and keeps the rest', async () => {
    const now = Date.now();
    const old = new Date(now - OUTBOX_RETENTION_MS - 60_000);
    const recent = new Date(now - 60_000);
    const rows = await t.db
      .insert(outboxEvents)
      .values([
        { type: 'test.old', payload: {}, dispatchedAt: old },
        { type: 'test.recent', payload: {}, dispatchedAt: recent },
        // Never delivered, however old: the sweeper still owes it to its consumers.
        { type: 'test.undelivered', payload: {}, createdAt: old, dispatchedAt: null },
      ])
      .returning({ id: outboxEvents.id, type: outboxEvents.type });
    const id = (type: string) => rows.find((r) => r.type === type)!.id;
    await t.db.insert(processedEvents).values({ eventId: id('test.old'), consumer: 'test' });

    const removed = await deleteDeliveredEvents(t.db, new Date(now - OUTBOX_RETENTION_MS));

    expect(removed).toBeGreaterThanOrEqual(1);
    const left = await t.db
      .select({ type: outboxEvents.type })
      .from(outboxEvents)
      .where(
        inArray(
          outboxEvents.id,
          rows.map((r) => r.id),
        ),
      );
    expect(left.map((r) => r.type).sort()).toEqual(['test.recent', 'test.undelivered']);
    expect(
      await t.db
        .select()
        .from(processedEvents)
        .where(eq(processedEvents.eventId, id('test.old'))),
    ).toEqual([]);
  });
});
