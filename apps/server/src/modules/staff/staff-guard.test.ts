import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildRoutePath, MSG, type TaggedEndpoint } from '@wyn/contract';
import { endpoints as declared } from '@wyn/contract/endpoints';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { users } from '../../db/schema/index.ts';

/**
 * Every staff route refuses an anonymous call (401) and a member (403), read from the contract, so a new staff
 * route cannot skip the guard; and the right is read from the database, not the token (issue #15).
 */

const staffRoutes = Object.entries(declared as Record<string, TaggedEndpoint>).filter(([, e]) => e.auth === 'staff');
const fakeId = '00000000-0000-4000-8000-000000000000';
const url = (e: TaggedEndpoint) =>
  `/api/v1/${buildRoutePath(e.path, new Proxy({}, { get: () => fakeId }) as Record<string, unknown>)}`;

let t: TestApp;
type Member = Awaited<ReturnType<typeof createMember>>;
let member: Member;
let staffToken: Member;
beforeAll(async () => {
  t = await createTestApp();
  member = await createMember(t);
  staffToken = await createMember(t, { isStaff: true });
});
afterAll(() => t.close());

describe('staff routes', () => {
  it('every route under club/staff/ is declared staff-only', () => {
    const loose = Object.entries(declared as Record<string, TaggedEndpoint>)
      .filter(([, e]) => e.path.startsWith('club/staff/') && e.auth !== 'staff')
      .map(([name]) => name);
    expect(loose).toEqual([]);
  });

  it('finds the staff routes in the contract (the checks below would pass on none)', () => {
    expect(staffRoutes.length).toBeGreaterThan(20);
  });

  it.each<[string, TaggedEndpoint]>(staffRoutes)(
    '%s refuses an anonymous call (401) and a member (403)',
    async (_name, e) => {
      const anon = await t.app.inject({ method: e.method, url: url(e), payload: e.method === 'GET' ? undefined : {} });
      expect(anon.statusCode).toBe(401);
      const res = await t.app.inject({
        method: e.method,
        url: url(e),
        headers: member.auth,
        payload: e.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().detail).toBe(MSG.staffOnly);
    },
  );

  it('trusts the database, not the token: a revoked right stops at once, a granted one works at once', async () => {
    const e = staffRoutes.find(([, r]) => r.method === 'GET' && !r.path.includes(':'))?.[1];
    if (!e) throw new Error('no staff GET route without parameters to try');
    const ok = await t.app.inject({ method: 'GET', url: url(e), headers: staffToken.auth });
    expect(ok.statusCode, ok.body).toBe(403); // the token says staff, the database does not
    await t.db.update(users).set({ isStaff: true }).where(eq(users.id, member.user.id));
    const granted = await t.app.inject({ method: 'GET', url: url(e), headers: member.auth });
    expect(granted.statusCode, granted.body).toBe(200);
    await t.db.update(users).set({ isStaff: false }).where(eq(users.id, member.user.id));
    expect((await t.app.inject({ method: 'GET', url: url(e), headers: member.auth })).statusCode).toBe(403);
  });
});
