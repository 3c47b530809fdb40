import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { users } from '../../db/schema/index.ts';
import { createTokenSigner } from '../../lib/tokens.ts';
import { ACCOUNT_STATUS_TTL_MS } from '../accounts/account-status.service.ts';
import { setAccountActive } from './account-access.service.ts';
import { startSession } from './sessions.service.ts';

/** Disabled accounts stop at once, not when their 15-minute access token expires (issue #12 item 8). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The wallet read does not look at is_active itself: only the authentication guard can refuse it.
const me = (authorization: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/club/wallets/my_wallet/', headers: { authorization } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function untilRefused(authorization: string, withinMs = 5_000) {
  const started = Date.now();
  for (;;) {
    const res = await me(authorization);
    if (res.statusCode !== 200 || Date.now() - started > withinMs) return res;
    await sleep(50);
  }
}

async function signedIn() {
  const m = await createMember(t);
  const deps = { signer: createTokenSigner(t.config.jwtSecret), now: () => new Date(), database: t.database };
  const session = await t.db.transaction((tx) => startSession(tx, deps, m.user));
  return { ...m, access: `Bearer ${session.access}`, refresh: session.refresh };
}

describe('a disabled account', () => {
  it('is refused on the next authenticated call and cannot refresh its session', async () => {
    const m = await signedIn();
    expect((await me(m.access)).statusCode).toBe(200);
    expect(await setAccountActive(t.db, m.user.id, false, new Date())).toBe(true);

    // The account_disabled event reaches this instance at commit (on PostgreSQL through LISTEN, a moment later).
    const refused = await untilRefused(m.access);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'account_disabled', detail: 'This account has been disabled.' });
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bot/token/refresh/',
      payload: { refresh: m.refresh },
    });
    expect(refresh.statusCode).toBe(401);
    // Other members are untouched.
    const other = await signedIn();
    expect((await me(other.access)).statusCode).toBe(200);
  });

  it('is refused within seconds when another instance disabled it (no event reaches this one)', async () => {
    const m = await signedIn();
    expect((await me(m.access)).statusCode).toBe(200);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, m.user.id));
    const started = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - started < ACCOUNT_STATUS_TTL_MS + 3_000) {
      status = (await me(m.access)).statusCode;
      if (status === 200) await sleep(100);
    }
    expect(status).toBe(401);
  });

  it('works again once re-enabled', async () => {
    const m = await signedIn();
    await setAccountActive(t.db, m.user.id, false, new Date());
    expect((await untilRefused(m.access)).statusCode).toBe(401);
    expect(await setAccountActive(t.db, m.user.id, true, new Date())).toBe(true);
    await sleep(ACCOUNT_STATUS_TTL_MS + 100);
    expect((await me(m.access)).statusCode).toBe(200);
    expect(await setAccountActive(t.db, m.user.id, true, new Date())).toBe(false);
  });
});
