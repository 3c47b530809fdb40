import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
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

  it('parallel wrong reset codes never get more than 5 attempts, and a right one then changes nothing', async () => {
    await registerAndVerify(t, { email: 'resetrace@example.com', password: 'reset race old' });
    expect((await post(t, 'password-reset/', { identifier: 'resetrace@example.com' })).statusCode).toBe(200);
    for (let i = 0; i < 200 && t.mail.messages.filter((m) => m.to.includes('resetrace@')).length < 2; i++)
      await new Promise((r) => setTimeout(r, 10));
    const otp = await t.mail.codeFor('resetrace@example.com');
    const wrong = otp === '000000' ? '111111' : '000000';
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        post(t, 'password-reset/confirm/', {
          identifier: 'resetrace@example.com',
          otp: wrong,
          new_password: 'reset race new',
        }),
      ),
    );
    expect(results.every((r) => r.statusCode === 400)).toBe(true);
    const [user] = await t.db.select().from(users).where(eq(users.email, 'resetrace@example.com'));
    const [code] = await t.db
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.userId, user!.id), eq(otpCodes.purpose, 'reset')));
    expect(code!.attempts).toBe(5);
    const right = await post(t, 'password-reset/confirm/', {
      identifier: 'resetrace@example.com',
      otp,
      new_password: 'reset race new',
    });
    expect(right.json().code).toBe('otp_locked');
    expect(
      (await post(t, 'login/', { identifier: 'resetrace@example.com', password: 'reset race old' })).statusCode,
    ).toBe(200);
  });

  it('registrations racing for one new address make one pending account with one of the passwords', async () => {
    const passwords = Array.from({ length: 8 }, (_, i) => `racing password ${i}`);
    const results = await Promise.all(
      passwords.map((password) => post(t, 'register/', { email: 'pending-race@example.com', password })),
    );
    const statuses = results.map((r) => r.statusCode);
    console.info('racing registrations → statuses', statuses.join(','));
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => s === 201 || s === 400 || s === 409)).toBe(true);
    const winner = passwords[statuses.indexOf(201)]!;
    const otp = await t.mail.codeFor('pending-race@example.com');
    expect((await post(t, 'otp-verify/', { identifier: 'pending-race@example.com', otp })).statusCode).toBe(200);
    for (const password of passwords) {
      const res = await post(t, 'login/', { identifier: 'pending-race@example.com', password });
      expect(res.statusCode, password).toBe(password === winner ? 200 : 401);
    }
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
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
