import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { ACCOUNT_MSG, MSG } from '@wyn/contract';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { otpCodes, users } from '../../db/schema/index.ts';
import { post, registerAndVerify } from './auth-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { rateLimitAuthMax: 1000 } });
});
afterAll(() => t.close());

const mailsTo = (address: string) => t.mail.messages.filter((m) => m.to.includes(address));
const userByEmail = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0];
const reset = (identifier: string) => post(t, 'password-reset/', { identifier });
const confirm = (identifier: string, otp: string, new_password: string) =>
  post(t, 'password-reset/confirm/', { identifier, otp, new_password });
const login = (identifier: string, password: string) => post(t, 'login/', { identifier, password });
const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

/** Waits for the n-th mail to an address (the reset mail is sent after the answer). */
async function nthMail(address: string, n: number) {
  for (let i = 0; i < 200 && mailsTo(address).length < n; i++) await new Promise((r) => setTimeout(r, 10));
  expect(mailsTo(address)).toHaveLength(n);
  return t.mail.codeFor(address);
}

describe('password reset', () => {
  it('answers the same whether or not the account exists, and mails only real accounts', async () => {
    await registerAndVerify(t, { username: 'nora', email: 'nora@example.com', password: 'nora old password' });
    const known = await reset('nora@example.com');
    const unknown = await reset('nobody-here@example.com');
    const byName = await reset('NORA');
    for (const res of [known, unknown, byName]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ detail: ACCOUNT_MSG.resetCodeSent });
    }
    expect(unknown.body).toBe(known.body);
    // One sign-up code and one reset code (the second request fell inside the 60 s wait).
    await nthMail('nora@example.com', 2);
    expect(mailsTo('nobody-here@example.com')).toHaveLength(0);
  });

  it('changes the password once with the mailed code, refuses the old one and revokes every session', async () => {
    const first = await registerAndVerify(t, { email: 'olga@example.com', password: 'olga old password' });
    const second = (await login('olga@example.com', 'olga old password')).json();
    const before = mailsTo('olga@example.com').length;

    expect((await reset('olga@example.com')).statusCode).toBe(200);
    const code = await nthMail('olga@example.com', before + 1);
    expect(mailsTo('olga@example.com').at(-1)!.text).toContain('password reset code');
    const [row] = await t.db
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.purpose, 'reset'), isNull(otpCodes.consumedAt)));
    expect(row!.codeHash).not.toContain(code); // stored hashed

    const wrong = await confirm('olga@example.com', otherCode(code), 'olga new password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: MSG.otpInvalid, code: 'otp_invalid' });

    const ok = await confirm('OLGA@example.com', code, 'olga new password');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ detail: ACCOUNT_MSG.resetDone });

    expect((await login('olga@example.com', 'olga old password')).statusCode).toBe(401);
    expect((await login('olga@example.com', 'olga new password')).statusCode).toBe(200);
    for (const session of [first, second]) {
      const refreshed = await post(t, 'token/refresh/', { refresh: session.refresh });
      expect(refreshed.statusCode).toBe(401);
    }
    // The code works once.
    const again = await confirm('olga@example.com', code, 'olga third password');
    expect(again.statusCode).toBe(400);
    expect((await login('olga@example.com', 'olga new password')).statusCode).toBe(200);
  });

  it('counts wrong codes: after 5 the code is dead even when right', async () => {
    await registerAndVerify(t, { email: 'pia@example.com', password: 'pia old password' });
    expect((await reset('pia@example.com')).statusCode).toBe(200);
    const code = await nthMail('pia@example.com', 2);
    for (let i = 1; i <= 4; i++) {
      const res = await confirm('pia@example.com', otherCode(code), 'pia new password');
      expect(res.json()).toEqual({ detail: MSG.otpInvalid, code: 'otp_invalid' });
    }
    const fifth = await confirm('pia@example.com', otherCode(code), 'pia new password');
    expect(fifth.json()).toEqual({ detail: MSG.otpLocked, code: 'otp_locked' });
    const right = await confirm('pia@example.com', code, 'pia new password');
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ detail: MSG.otpLocked, code: 'otp_locked' });
    expect((await login('pia@example.com', 'pia old password')).statusCode).toBe(200);
  });

  it('refuses an unknown account with the same error as a wrong code', async () => {
    const res = await confirm('ghost@example.com', '123456', 'ghost new password');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: MSG.otpInvalid, code: 'otp_invalid' });
  });

  it('sends at most one code a minute, silently, and expires codes after 10 minutes', async () => {
    await registerAndVerify(t, { email: 'quinn@example.com', password: 'quinn old password' });
    expect((await reset('quinn@example.com')).statusCode).toBe(200);
    const first = await nthMail('quinn@example.com', 2);
    t.advance(20_000);
    const soon = await reset('quinn@example.com');
    expect(soon.statusCode).toBe(200);
    expect(soon.json()).toEqual({ detail: ACCOUNT_MSG.resetCodeSent });
    await new Promise((r) => setTimeout(r, 100));
    expect(mailsTo('quinn@example.com')).toHaveLength(2);

    t.advance(41_000);
    expect((await reset('quinn@example.com')).statusCode).toBe(200);
    const second = await nthMail('quinn@example.com', 3);
    if (second !== first)
      expect((await confirm('quinn@example.com', first, 'quinn new password')).statusCode).toBe(400);

    t.advance(11 * 60_000);
    const late = await confirm('quinn@example.com', second, 'quinn new password');
    expect(late.json()).toEqual({ detail: MSG.otpExpired, code: 'otp_expired' });
  });

  it('keeps sign-up codes and reset codes apart', async () => {
    await post(t, 'register/', { email: 'rita@example.com', password: 'rita old password' });
    const signUpCode = await t.mail.codeFor('rita@example.com');
    const asReset = await confirm('rita@example.com', signUpCode, 'rita new password');
    expect(asReset.statusCode).toBe(400);
    expect((await post(t, 'otp-verify/', { identifier: 'rita@example.com', otp: signUpCode })).statusCode).toBe(200);
  });

  it('lets the owner of an address squatted by a pending sign-up set their own password', async () => {
    // Someone registers the victim's address first, with a password the victim does not know.
    await post(t, 'register/', { email: 'sara@example.com', password: 'squatter password' });
    const victim = await post(t, 'register/', { email: 'sara@example.com', password: 'sara own password' });
    expect(victim.statusCode).toBe(409);
    expect(victim.json()).toEqual({ detail: ACCOUNT_MSG.registrationPending, code: 'registration_pending' });

    t.advance(61_000);
    expect((await reset('sara@example.com')).statusCode).toBe(200);
    const code = await nthMail('sara@example.com', 2);
    expect((await confirm('sara@example.com', code, 'sara own password')).statusCode).toBe(200);
    expect((await userByEmail('sara@example.com'))!.isVerified).toBe(true);
    expect((await login('sara@example.com', 'sara own password')).statusCode).toBe(200);
    expect((await login('sara@example.com', 'squatter password')).statusCode).toBe(401);
  });

  it('validates the bodies', async () => {
    const empty = await post(t, 'password-reset/', { identifier: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.identifier).toEqual([MSG.verifyFillAll]);
    const short = await confirm('x@example.com', '123456', 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.new_password).toEqual([MSG.passwordTooShort]);
    const badCode = await confirm('x@example.com', '12ab56', 'long enough password');
    expect(badCode.statusCode).toBe(400);
  });
});

describe('password reset rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ config: { rateLimitAuthMax: 3 } });
  });
  afterAll(() => limited.close());

  it('limits both calls like the other sign-in calls', async () => {
    for (const [path, payload] of [
      ['password-reset/', { identifier: 'tom@example.com' }],
      ['password-reset/confirm/', { identifier: 'tom@example.com', otp: '123456', new_password: 'tom new password' }],
    ] as const) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await post(limited, path, payload)).statusCode);
      expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
      expect(statuses[3], path).toBe(429);
    }
  });
});
