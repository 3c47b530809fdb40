import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, usingPostgres, type TestApp } from '../../../test/create-test-app.ts';
import { signInitData } from '../../../test/telegram-signing.ts';
import { otpCodes, users } from '../../db/schema/index.ts';
import { checkLedgerInvariants } from '../wallet/wallet.service.ts';
import { post, registerAndVerify } from './auth-test-helpers.ts';

/** Races need real concurrency: PostgreSQL only (PGlite runs one transaction at a time). */
describe.skipIf(!usingPostgres)('sign-in under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimitAuthMax: 1000 } });
  });
  afterAll(() => t.close());

  it('a refresh token raced twice rotates once and the reuse revokes the family', async () => {
    const session = await registerAndVerify(t, { username: 'racer', email: 'racer@example.com' });
    const results = await Promise.all([1, 2, 3].map(() => post(t, 'token/refresh/', { refresh: session.refresh })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 401, 401]);
    const winner = results.find((r) => r.statusCode === 200)!.json();
    expect((await post(t, 'token/refresh/', { refresh: winner.refresh })).statusCode).toBe(401);
  });

  it('parallel wrong codes never get more than 5 attempts', async () => {
    await post(t, 'register/', { email: 'guess@example.com', password: 'guess password' });
    const otp = await t.mail.codeFor('guess@example.com');
    const wrong = otp === '000000' ? '111111' : '000000';
    const results = await Promise.all(
      Array.from({ length: 12 }, () => post(t, 'otp-verify/', { identifier: 'guess@example.com', otp: wrong })),
    );
    expect(results.every((r) => r.statusCode === 400)).toBe(true);
    const [user] = await t.db.select().from(users).where(eq(users.email, 'guess@example.com'));
    const [code] = await t.db.select().from(otpCodes).where(eq(otpCodes.userId, user!.id));
    expect(code!.attempts).toBe(5);
    expect((await post(t, 'otp-verify/', { identifier: 'guess@example.com', otp })).json().code).toBe('otp_locked');
  });

  it('two first Telegram sign-ins at once make one account and one welcome bonus', async () => {
    const initData = signInitData({ id: 424242, first_name: 'Twin', username: 'twin' });
    const results = await Promise.all([1, 2, 3].map(() => post(t, 'telegram-webapp-auth/', { initData })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const ids = new Set(results.map((r) => r.json().user.id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.json().created === true)).toHaveLength(1);
    expect(await t.db.select().from(users).where(eq(users.telegramId, '424242'))).toHaveLength(1);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });
});
