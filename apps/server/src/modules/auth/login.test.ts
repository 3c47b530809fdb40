import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@wyn/contract';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { users } from '../../db/schema/index.ts';
import { AUTH_IDENTIFIER_FACTOR } from '../../lib/auth-rate-limit.ts';
import { get, post, registerAndVerify } from './auth-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { rateLimitAuthMax: 1000 } });
  await registerAndVerify(t, {
    username: 'Henry_8',
    email: 'henry@example.com',
    phone_number: '+44 20 7946 0018',
    password: 'tudor rose 1509',
  });
});
afterAll(() => t.close());

describe('password login', () => {
  it.each([
    ['username', 'Henry_8'],
    ['username in another case', 'hENRY_8'],
    ['e-mail', 'henry@example.com'],
    ['e-mail in another case', 'HENRY@Example.COM'],
    ['phone', '+442079460018'],
    ['phone as typed', '+44 20 7946 0018'],
  ])('signs in by %s', async (_label, identifier) => {
    const res = await post(t, 'login/', { identifier, password: 'tudor rose 1509' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ username: 'Henry_8', email: 'henry@example.com', is_verified: true });
    expect(body.created).toBeUndefined();
    const me = await get(t, 'current-user/', body.access);
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe('Henry_8');
  });

  it('records the sign-in time', async () => {
    const [henry] = await t.db.select().from(users).where(eq(users.username, 'Henry_8'));
    expect(henry!.lastLogin).toBeInstanceOf(Date);
  });

  it('gives the same 401 for a wrong password and an unknown account', async () => {
    const wrong = await post(t, 'login/', { identifier: 'henry@example.com', password: 'tudor rose 1510' });
    const unknown = await post(t, 'login/', { identifier: 'nobody@example.com', password: 'tudor rose 1509' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: MSG.invalidCredentials, code: 'invalid_credentials' });
    }
  });

  it('validates the body', async () => {
    const res = await post(t, 'login/', { identifier: 'henry@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.password).toEqual([MSG.passwordRequired]);
    const noId = await post(t, 'login/', { identifier: '   ', password: 'x' });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().errors.identifier).toBeDefined();
  });

  it('answers an unverified account with 403 and sends a new code when allowed', async () => {
    const reg = await post(t, 'register/', { username: 'ivy', email: 'ivy@example.com', password: 'ivy password' });
    expect(reg.statusCode).toBe(201);
    const mailsFor = () => t.mail.messages.filter((m) => m.to.includes('ivy@example.com')).length;
    expect(mailsFor()).toBe(1);

    const soon = await post(t, 'login/', { identifier: 'ivy', password: 'ivy password' });
    expect(soon.statusCode).toBe(403);
    expect(soon.json()).toEqual({ detail: MSG.notVerified, code: 'not_verified' });
    expect(mailsFor()).toBe(1); // within 60 s: no second code

    t.advance(61_000);
    const later = await post(t, 'login/', { identifier: 'ivy@example.com', password: 'ivy password' });
    expect(later.statusCode).toBe(403);
    expect(mailsFor()).toBe(2);

    // A wrong password on an unverified account reveals nothing and sends nothing.
    t.advance(61_000);
    const wrong = await post(t, 'login/', { identifier: 'ivy', password: 'not ivy password' });
    expect(wrong.statusCode).toBe(401);
    expect(mailsFor()).toBe(2);

    const otp = await t.mail.codeFor('ivy@example.com');
    expect((await post(t, 'otp-verify/', { identifier: 'ivy', otp })).statusCode).toBe(200);
    expect((await post(t, 'login/', { identifier: 'ivy', password: 'ivy password' })).statusCode).toBe(200);
  });

  it('refuses a disabled account even with the right password', async () => {
    await registerAndVerify(t, { username: 'jack', email: 'jack@example.com', password: 'jack password' });
    await t.db.update(users).set({ isActive: false }).where(eq(users.username, 'jack'));
    const res = await post(t, 'login/', { identifier: 'jack', password: 'jack password' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: MSG.accountDisabled, code: 'account_disabled' });
  });
});

describe('rate limits on sign-in calls', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ config: { rateLimitAuthMax: 3 } });
  });
  afterAll(() => limited.close());

  it('limits login per address: the 4th in a minute is 429 with Retry-After', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await post(limited, 'login/', { identifier: `user${i}@example.com`, password: 'whatever pw' });
      expect(res.statusCode).toBe(401);
    }
    const res = await post(limited, 'login/', { identifier: 'user9@example.com', password: 'whatever pw' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ detail: MSG.rateLimited, code: 'rate_limited' });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Other calls have their own budget.
    expect((await post(limited, 'otp-resend/', { identifier: 'user9@example.com' })).statusCode).toBe(200);
  });

  it('does not let failures from one address lock a member out from another', async () => {
    await registerAndVerify(limited, { email: 'mia@example.com', password: 'mia real password' });
    const login = (ip: string, password: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/v1/bot/login/',
        remoteAddress: ip,
        payload: { identifier: 'Mia@Example.com', password },
      });
    const fromA = [];
    for (let i = 0; i < 10; i++) fromA.push((await login('10.0.0.1', 'stranger guess')).statusCode);
    expect(fromA).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
    const fromB = await login('10.0.0.2', 'mia real password');
    expect(fromB.statusCode, fromB.body).toBe(200);
  });

  it('limits one identifier across all addresses with a larger, slower allowance', async () => {
    const allowance = 3 * AUTH_IDENTIFIER_FACTOR;
    const from = (ip: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/v1/bot/login/',
        remoteAddress: ip,
        payload: { identifier: 'target@example.com', password: 'guess guess' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < allowance; i++) statuses.push((await from(`10.3.${Math.floor(i / 3)}.${i % 3}`)).statusCode);
    expect(statuses.every((s) => s === 401)).toBe(true);
    const next = await from('10.4.0.1');
    expect(next.statusCode).toBe(429);
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('counts malformed requests too', async () => {
    const send = () =>
      limited.app.inject({
        method: 'POST',
        url: '/api/v1/bot/register/',
        remoteAddress: '10.0.1.1',
        payload: { nonsense: true },
      });
    for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(400);
    expect((await send()).statusCode).toBe(429);
  });

  it('limits every sign-in call', async () => {
    const calls: Array<[string, unknown]> = [
      ['otp-verify/', { identifier: 'a@example.com', otp: '123456' }],
      ['token/refresh/', { refresh: 'not-a-token' }],
      ['telegram-webapp-auth/', { initData: 'user=%7B%22id%22%3A1%7D&auth_date=1&hash=00' }],
    ];
    for (const [pathName, payload] of calls) {
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: `/api/v1/bot/${pathName}`,
          remoteAddress: '10.0.2.1',
          payload: payload as object,
        });
      for (let i = 0; i < 3; i++) expect((await send()).statusCode).not.toBe(429);
      const res = await send();
      expect(res.statusCode, pathName).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});

describe('client address behind a proxy', () => {
  const attempts = async (app: TestApp, forwardedFor: string) => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/v1/bot/login/',
        remoteAddress: '192.0.2.10', // the proxy
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { identifier: `someone${i}@example.com`, password: 'whatever pw' },
      });
      statuses.push(res.statusCode);
    }
    return statuses;
  };

  it('with TRUST_PROXY on, X-Forwarded-For decides the address', async () => {
    const proxied = await createTestApp({ config: { rateLimitAuthMax: 3, trustProxy: 1 } });
    try {
      expect(await attempts(proxied, '203.0.113.1')).toEqual([401, 401, 401, 429]);
      // Another client behind the same proxy has its own budget.
      expect((await attempts(proxied, '203.0.113.2'))[0]).toBe(401);
    } finally {
      await proxied.close();
    }
  });

  it('with TRUST_PROXY on, a forged X-Forwarded-For entry before the proxy-added one gives no new budget', async () => {
    const proxied = await createTestApp({ config: { rateLimitAuthMax: 3, trustProxy: 1 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        // The client sends its own X-Forwarded-For; the proxy appends the address it really saw.
        const res = await proxied.app.inject({
          method: 'POST',
          url: '/api/v1/bot/login/',
          remoteAddress: '192.0.2.10',
          headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
          payload: { identifier: `forger${i}@example.com`, password: 'whatever pw' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await proxied.close();
    }
  });

  it('with TRUST_PROXY off, X-Forwarded-For is ignored', async () => {
    const direct = await createTestApp({ config: { rateLimitAuthMax: 3 } });
    try {
      expect(await attempts(direct, '203.0.113.1')).toEqual([401, 401, 401, 429]);
      expect((await attempts(direct, '203.0.113.2'))[0]).toBe(429);
    } finally {
      await direct.close();
    }
  });
});
