import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { users } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { LiveEvents } from '../../integrations/live-events.ts';
import { ACCOUNT_STATUS_TTL_MS, createAccountStatus } from './account-status.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The database, counting the statements sent through it. */
function counting(db: DbOrTx) {
  const sent = { n: 0 };
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (prop !== 'execute' || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        sent.n += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { db: proxy, sent };
}
const noLive = { subscribeAll: () => () => {} } as unknown as LiveEvents;

describe('account status', () => {
  it('reads the members asked about together in one query, each answer right, then from memory', async () => {
    const members = await Promise.all([1, 2, 3, 4].map(() => createMember(t)));
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, members[1]!.user.id));
    let clock = 1_000_000;
    const { db, sent } = counting(t.db);
    const status = createAccountStatus(db, noLive, () => clock);
    const unknown = randomUUID();
    const ids = [...members.map((m) => m.user.id), members[0]!.user.id, unknown];
    expect(await Promise.all(ids.map((id) => status.isActive(id)))).toEqual([true, false, true, true, true, false]);
    expect(sent.n).toBe(1);
    expect(await status.isActive(members[2]!.user.id)).toBe(true);
    expect(sent.n).toBe(1);
    // After its time in memory, an answer is read again (a disabled account stops within it).
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, members[2]!.user.id));
    clock += ACCOUNT_STATUS_TTL_MS;
    expect(await status.isActive(members[2]!.user.id)).toBe(false);
    expect(sent.n).toBe(2);
    status.close();
  });

  it('a failed read fails every request waiting on it, and the next one reads again', async () => {
    const member = await createMember(t);
    let fail = true;
    const flaky = new Proxy(t.db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (prop !== 'execute' || typeof value !== 'function') return value;
        return (...args: unknown[]) =>
          fail
            ? Promise.reject(new Error('connection lost'))
            : (value as (...a: unknown[]) => unknown).apply(target, args);
      },
    });
    const status = createAccountStatus(flaky, noLive);
    const both = [status.isActive(member.user.id), status.isActive(randomUUID())];
    for (const p of both) await expect(p).rejects.toThrow('connection lost');
    fail = false;
    expect(await status.isActive(member.user.id)).toBe(true);
    status.close();
  });
});
