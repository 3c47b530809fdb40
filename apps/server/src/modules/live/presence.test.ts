import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { livePresence } from '../../db/schema/index.ts';
import { createPresence, isMemberConnected } from './presence.service.ts';

/** Who is connected, across instances (docs/decisions/0012): two presences on one database stand for two instances. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const log = { debug() {}, info() {}, warn() {}, error() {} };

describe('live presence', () => {
  it('counts a member connected while any instance holds one of their streams', async () => {
    const a = createPresence(t.db, { log });
    const b = createPresence(t.db, { log });
    const m = (await createMember(t)).user.id;
    expect(await isMemberConnected(t.db, m)).toBe(false);

    a.opened(m);
    a.opened(m);
    b.opened(m);
    await Promise.all([a.settled(), b.settled()]);
    expect(await isMemberConnected(t.db, m)).toBe(true);

    // One of instance A's two streams closes, then instance B's only one: A still holds one.
    a.closed(m);
    b.closed(m);
    await Promise.all([a.settled(), b.settled()]);
    expect(await isMemberConnected(t.db, m)).toBe(true);
    a.closed(m);
    await a.settled();
    expect(await isMemberConnected(t.db, m)).toBe(false);
    await Promise.all([a.close(), b.close()]);
  });

  it('stops counting the rows of an instance that died without cleaning up, and refreshes live ones', async () => {
    const live = createPresence(t.db, { log, heartbeatMs: 100 });
    const dead = createPresence(t.db, { log, heartbeatMs: 3_600_000 });
    const m1 = (await createMember(t)).user.id;
    const m2 = (await createMember(t)).user.id;
    live.opened(m1);
    dead.opened(m2);
    await Promise.all([live.settled(), dead.settled()]);
    // Both rows last seen two minutes ago: the live instance's heartbeat brings its own back; the dead one's stays old.
    await t.db.update(livePresence).set({ seenAt: sql`now() - interval '2 minutes'` });
    expect(await isMemberConnected(t.db, m1)).toBe(false);
    expect(await isMemberConnected(t.db, m2)).toBe(false);
    for (let i = 0; i < 40 && !(await isMemberConnected(t.db, m1)); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await isMemberConnected(t.db, m1)).toBe(true);
    expect(await isMemberConnected(t.db, m2)).toBe(false);

    // Rows older than ten minutes are deleted by any instance's heartbeat.
    await t.db
      .update(livePresence)
      .set({ seenAt: sql`now() - interval '11 minutes'` })
      .where(eq(livePresence.userId, m2));
    for (let i = 0; i < 40 && (await t.db.select().from(livePresence).where(eq(livePresence.userId, m2))).length; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await t.db.select().from(livePresence).where(eq(livePresence.userId, m2))).toEqual([]);

    await live.close();
    expect(await t.db.select().from(livePresence).where(eq(livePresence.userId, m1))).toEqual([]);
    await dead.close();
  });
});
