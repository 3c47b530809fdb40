import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { createTestApp, usingPostgres, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { follows, notifications, profiles } from '../../db/schema/index.ts';

/** Follow races (docs/architecture.md, Tests: PostgreSQL only; PGlite runs one transaction at a time). */
describe.runIf(usingPostgres)('follow races (PostgreSQL)', () => {
  let t: TestApp;
  type Member = Awaited<ReturnType<typeof createMember>>;
  beforeAll(async () => {
    t = await createTestApp({ poolSize: 30 });
  });
  afterAll(() => t.close());

  const call = (m: Member, target: Member, action: 'follow' | 'unfollow') =>
    t.app.inject({ method: 'POST', url: `/api/v1/club/profiles/${target.user.id}/${action}/`, headers: m.auth });
  const counters = async (id: string) => {
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, id));
    return { followers: row!.followersCount, following: row!.followingCount };
  };
  const rowsFor = async (follower: Member, following: Member) =>
    (
      await t.db
        .select({ n: count() })
        .from(follows)
        .where(and(eq(follows.followerId, follower.user.id), eq(follows.followingId, following.user.id)))
    )[0]!.n;

  it('10 concurrent follows by the same member → one row, count 1, one notification', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    const results = await Promise.all(Array.from({ length: 10 }, () => call(a, b, 'follow')));
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    expect(await rowsFor(a, b)).toBe(1);
    expect(await counters(b.user.id)).toEqual({ followers: 1, following: 0 });
    expect(await counters(a.user.id)).toEqual({ followers: 0, following: 1 });
    const sent = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, b.user.id), eq(notifications.notificationType, 'follow')));
    expect(sent).toHaveLength(1);
  });

  it('10 concurrent follow/unfollow mixes end consistent: counts equal rows', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    for (let round = 0; round < 3; round++) {
      const actions = Array.from({ length: 10 }, (_, i): 'follow' | 'unfollow' =>
        i % 2 === round % 2 ? 'follow' : 'unfollow',
      );
      const results = await Promise.all(actions.map((act) => call(a, b, act)));
      for (const r of results) expect(r.statusCode, r.body).toBe(200);
      const rows = await rowsFor(a, b);
      expect(rows).toBeLessThanOrEqual(1);
      expect(await counters(b.user.id)).toEqual({ followers: rows, following: 0 });
      expect(await counters(a.user.id)).toEqual({ followers: 0, following: rows });
    }
  });

  it('members following each other at once do not deadlock', async () => {
    const members = await Promise.all(Array.from({ length: 5 }, () => createMember(t)));
    const calls: Promise<{ statusCode: number; body: string }>[] = [];
    for (const x of members) for (const y of members) if (x !== y) calls.push(call(x, y, 'follow'));
    const results = await Promise.all(calls);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    for (const m of members) expect(await counters(m.user.id)).toEqual({ followers: 4, following: 4 });
  });
});
