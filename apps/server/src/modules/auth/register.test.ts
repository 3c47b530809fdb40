import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { MSG } from '@wyn/contract';
import { createTestApp, createTestDatabase, type TestApp } from '../../../test/create-test-app.ts';
import { createServerErrorWatch } from '../../../test/server-error-watch.ts';
import { loadConfig } from '../../config.ts';
import { buildApp } from '../../app.ts';
import { otpCodes, transactions, users, wallets } from '../../db/schema/index.ts';
import { checkLedgerInvariants } from '../wallet/wallet.service.ts';
import { get, post, registerAndVerify } from './auth-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { rateLimitAuthMax: 1000 } });
});
afterAll(() => t.close());

const userByEmail = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0];
const liveCodes = async (userId: string) =>
  t.db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.userId, userId), isNull(otpCodes.consumedAt)));

describe('register → code by e-mail → verify', () => {
  it('creates an unverified member, mails a code, and verifying signs them in with the welcome bonus', async () => {
    const res = await post(t, 'register/', {
      username: 'alice',
      email: 'Alice@Example.com',
      phone_number: '+1 (555) 010-0001',
      password: 'correct horse battery',
      first_name: 'Alice',
      last_name: 'Liddell',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ detail: MSG.registerSuccess, identifier: 'alice@example.com', delivery: 'email' });

    const stored = await userByEmail('alice@example.com');
    expect(stored).toMatchObject({
      username: 'alice',
      phoneNumber: '+15550100001',
      isVerified: false,
      firstName: 'Alice',
    });
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$/);
    const codes = await liveCodes(stored!.id);
    expect(codes).toHaveLength(1);
    expect(codes[0]!.channel).toBe('email');

    const mail = t.mail.messages.find((m) => m.to.includes('alice@example.com'))!;
    expect(mail.text).toContain('Subject: Your Wyn code');
    const otp = await t.mail.codeFor('alice@example.com');
    expect(otp).toMatch(/^\d{6}$/);
    expect(codes[0]!.codeHash).not.toContain(otp); // stored hashed

    const verified = await post(t, 'otp-verify/', { identifier: 'ALICE@example.com', otp });
    expect(verified.statusCode, verified.body).toBe(200);
    const body = verified.json();
    expect(body).toMatchObject({
      user: { username: 'alice', email: 'alice@example.com', is_verified: true, is_staff: false },
    });
    expect(typeof body.access).toBe('string');
    expect(typeof body.refresh).toBe('string');
    expect(new Date(body.access_expires_at).getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect((await userByEmail('alice@example.com'))!.isVerified).toBe(true);
    expect(await liveCodes(stored!.id)).toHaveLength(0); // consumed

    const me = await get(t, 'current-user/', body.access);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: stored!.id, username: 'alice', first_name: 'Alice', last_name: 'Liddell' });
    const wallet = await get(t, 'wallet/', body.access);
    expect(wallet.statusCode).toBe(200);
    expect(wallet.json()).toEqual({ id: expect.any(String), user: stored!.id, balance: '100.00' });

    // The code is single-use.
    const again = await post(t, 'otp-verify/', { identifier: 'alice@example.com', otp });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'already_verified', detail: MSG.alreadyVerified });
  });

  it('makes exactly one welcome transaction per account and keeps the ledger invariants', async () => {
    await registerAndVerify(t, { username: 'ledger1', email: 'ledger1@example.com' });
    const member = await userByEmail('ledger1@example.com');
    const [wallet] = await t.db.select().from(wallets).where(eq(wallets.userId, member!.id));
    const welcome = await t.db.select().from(transactions).where(eq(transactions.toWalletId, wallet!.id));
    expect(welcome).toHaveLength(1);
    expect(welcome[0]).toMatchObject({
      transactionType: 'system_reward',
      amount: 10_000,
      description: 'Welcome to Wyn',
    });
    const [count] = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const [rewards] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(transactions)
      .where(eq(transactions.transactionType, 'system_reward'));
    expect(rewards!.n).toBe(count!.n);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });
});

describe('register validation', () => {
  const bad = async (payload: unknown) => {
    const res = await post(t, 'register/', payload);
    expect(res.statusCode, res.body).toBe(400);
    return res.json();
  };

  it('needs at least one identifier', async () => {
    const body = await bad({ password: 'long enough pw' });
    expect(body.detail).toBe(MSG.registerNeedIdentifier);
    expect(body.errors.non_field_errors).toEqual([MSG.registerNeedIdentifier]);
    // Blank strings count as missing.
    expect((await bad({ username: '  ', email: '', password: 'long enough pw' })).detail).toBe(
      MSG.registerNeedIdentifier,
    );
  });

  it('needs a password of at least 8 characters', async () => {
    expect((await bad({ username: 'nopass' })).errors.password).toEqual([MSG.passwordRequired]);
    expect((await bad({ username: 'nopass', password: '' })).errors.password).toContain(MSG.passwordRequired);
    expect((await bad({ username: 'nopass', password: 'short' })).errors.password).toEqual([MSG.passwordTooShort]);
  });

  it('rejects a bad e-mail, a bad phone, a bad username and wrong types', async () => {
    expect((await bad({ email: 'not-an-email', password: 'long enough pw' })).errors.email).toEqual([
      'Enter a valid email address',
    ]);
    expect((await bad({ phone_number: 'call me', password: 'long enough pw' })).errors.phone_number).toEqual([
      'Enter a valid phone number',
    ]);
    expect((await bad({ username: 'a b', password: 'long enough pw' })).errors.username).toBeDefined();
    expect((await bad({ username: 12345, password: 'long enough pw' })).errors.username).toBeDefined();
    expect((await bad({ username: 'typed', password: 12345678 })).errors.password).toBeDefined();
    expect((await bad([])).code).toBe('invalid');
  });

  it('answers invalid JSON with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bot/register/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "x",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: MSG.invalidJson, code: 'invalid' });
  });

  it('ignores unknown fields such as is_staff and is_verified', async () => {
    const res = await post(t, 'register/', {
      username: 'sneaky',
      email: 'sneaky@example.com',
      password: 'long enough pw',
      confirm_password: 'long enough pw',
      is_staff: true,
      is_verified: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await userByEmail('sneaky@example.com')).toMatchObject({ isStaff: false, isVerified: false });
  });

  it('refuses identifiers a verified member already has, case-insensitively, naming the fields', async () => {
    await registerAndVerify(t, { username: 'Bob_1', email: 'bob@example.com', phone_number: '+15550100002' });
    const res = await post(t, 'register/', {
      username: 'bob_1',
      email: 'BOB@example.com',
      phone_number: '+1 555 010 0002',
      password: 'another password',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: MSG.usernameTaken,
      code: 'identifier_taken',
      errors: { username: [MSG.usernameTaken], email: [MSG.emailTaken], phone_number: [MSG.phoneTaken] },
    });
    const onlyEmail = await post(t, 'register/', {
      username: 'fresh_name',
      email: 'Bob@Example.com',
      password: 'another password',
    });
    expect(onlyEmail.statusCode).toBe(400);
    expect(onlyEmail.json()).toMatchObject({ detail: MSG.emailTaken, errors: { email: [MSG.emailTaken] } });
    const [n] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(${users.username}) = 'bob_1'`);
    expect(n!.n).toBe(1);
  });
});

describe('re-registering an unverified account', () => {
  it('cannot take over a pending sign-up: the victim verifies with the newest code and keeps their password', async () => {
    const victim = await post(t, 'register/', { email: 'victim@example.com', password: 'victim password P1' });
    expect(victim.statusCode).toBe(201);
    const attack = await post(t, 'register/', {
      email: 'victim@example.com',
      password: 'attacker password P2',
      first_name: 'Mallory',
    });
    t.advance(61_000);
    const later = await post(t, 'register/', { email: 'victim@example.com', password: 'attacker password P2' });

    const otp = await t.mail.codeFor('victim@example.com');
    const verified = await post(t, 'otp-verify/', { identifier: 'victim@example.com', otp });
    expect(verified.statusCode, verified.body).toBe(200);
    const p1 = await post(t, 'login/', { identifier: 'victim@example.com', password: 'victim password P1' });
    expect(p1.statusCode, p1.body).toBe(200);
    const p2 = await post(t, 'login/', { identifier: 'victim@example.com', password: 'attacker password P2' });
    expect(p2.statusCode).toBe(401);
    expect((await userByEmail('victim@example.com'))!.firstName).toBe('');
    // The attacker was refused clearly, both times.
    for (const res of [attack, later]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'registration_pending' });
    }
  });

  it('answers a repeat with the same password like a resend, changing nothing, with a fresh code after 60 s', async () => {
    const first = await post(t, 'register/', {
      username: 'carol',
      email: 'carol@example.com',
      password: 'first password',
    });
    expect(first.statusCode).toBe(201);
    const carol = (await userByEmail('carol@example.com'))!;
    const firstCode = await t.mail.codeFor('carol@example.com');

    // Within 60 s: like a resend, "wait a minute"; the first code stays valid.
    const soon = await post(t, 'register/', {
      username: 'carol',
      email: 'carol@example.com',
      password: 'first password',
    });
    expect(soon.statusCode, soon.body).toBe(429);
    expect(soon.json()).toEqual({ detail: MSG.otpTooSoon, code: 'otp_too_soon' });
    expect(t.mail.messages.filter((m) => m.to.includes('carol@example.com'))).toHaveLength(1);

    t.advance(61_000);
    const later = await post(t, 'register/', {
      username: 'Carol',
      email: 'carol@example.com',
      password: 'first password',
      first_name: 'Carol',
    });
    expect(later.statusCode, later.body).toBe(201);
    expect(later.json()).toEqual({ detail: MSG.otpSent, identifier: 'carol@example.com', delivery: 'email' });
    expect(t.mail.messages.filter((m) => m.to.includes('carol@example.com'))).toHaveLength(2);
    const secondCode = await t.mail.codeFor('carol@example.com');
    const rows = await t.db.select().from(users).where(eq(users.email, 'carol@example.com'));
    expect(rows).toHaveLength(1);
    // Names are not changed by a second registration.
    expect(rows[0]).toMatchObject({ id: carol.id, firstName: '', isVerified: false, passwordHash: carol.passwordHash });
    expect(await liveCodes(carol.id)).toHaveLength(1); // the older code was retired

    if (secondCode !== firstCode) {
      const old = await post(t, 'otp-verify/', { identifier: 'carol', otp: firstCode });
      expect(old.statusCode).toBe(400);
    }
    const ok = await post(t, 'otp-verify/', { identifier: 'carol', otp: secondCode });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await post(t, 'login/', { identifier: 'carol', password: 'first password' })).statusCode).toBe(200);
    // Still one account and one welcome bonus.
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('does not let a different e-mail take over an unverified username', async () => {
    await post(t, 'register/', { username: 'dave', email: 'dave@example.com', password: 'dave password' });
    const res = await post(t, 'register/', {
      username: 'dave',
      email: 'mallory@example.com',
      password: 'mallory password',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'identifier_taken', errors: { username: [MSG.usernameTaken] } });
  });
});

describe('one-time codes', () => {
  it('counts wrong codes; after 5 the code is dead even when right', async () => {
    await post(t, 'register/', { email: 'erin@example.com', password: 'erin password' });
    const otp = await t.mail.codeFor('erin@example.com');
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const res = await post(t, 'otp-verify/', { identifier: 'erin@example.com', otp: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: MSG.otpInvalid, code: 'otp_invalid' });
    }
    const fifth = await post(t, 'otp-verify/', { identifier: 'erin@example.com', otp: wrong });
    expect(fifth.json()).toEqual({ detail: MSG.otpLocked, code: 'otp_locked' });
    const right = await post(t, 'otp-verify/', { identifier: 'erin@example.com', otp });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ detail: MSG.otpLocked, code: 'otp_locked' });
    const erin = (await userByEmail('erin@example.com'))!;
    expect(erin.isVerified).toBe(false);
    expect((await liveCodes(erin.id))[0]!.attempts).toBe(5);

    // A new code (after the 60 s wait) works.
    t.advance(61_000);
    expect((await post(t, 'otp-resend/', { identifier: 'erin@example.com' })).statusCode).toBe(200);
    const fresh = await t.mail.codeFor('erin@example.com');
    expect((await post(t, 'otp-verify/', { identifier: 'erin@example.com', otp: fresh })).statusCode).toBe(200);
  });

  it('expires a code after 10 minutes', async () => {
    await post(t, 'register/', { email: 'frank@example.com', password: 'frank password' });
    const otp = await t.mail.codeFor('frank@example.com');
    t.advance(11 * 60_000);
    const res = await post(t, 'otp-verify/', { identifier: 'frank@example.com', otp });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: MSG.otpExpired, code: 'otp_expired' });
  });

  it('validates the verify body', async () => {
    const empty = await post(t, 'otp-verify/', { identifier: '', otp: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.identifier).toEqual([MSG.verifyFillAll]);
    const short = await post(t, 'otp-verify/', { identifier: 'x@example.com', otp: '123' });
    expect(short.statusCode).toBe(400);
    const unknown = await post(t, 'otp-verify/', { identifier: 'nobody@example.com', otp: '123456' });
    expect(unknown.json()).toEqual({ detail: MSG.otpInvalid, code: 'otp_invalid' });
  });

  it('refuses a resend within 60 s with Retry-After, then sends a new code and retires the old', async () => {
    await post(t, 'register/', { email: 'grace@example.com', password: 'grace password' });
    const grace = (await userByEmail('grace@example.com'))!;
    const first = await t.mail.codeFor('grace@example.com');
    t.advance(20_000);
    const soon = await post(t, 'otp-resend/', { identifier: 'grace@example.com' });
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toEqual({ detail: MSG.otpTooSoon, code: 'otp_too_soon' });
    const retryAfter = Number(soon.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(39);
    expect(retryAfter).toBeLessThanOrEqual(41);

    t.advance(41_000);
    const ok = await post(t, 'otp-resend/', { identifier: 'GRACE@example.com' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ detail: MSG.otpSent });
    expect(t.mail.messages.filter((m) => m.to.includes('grace@example.com'))).toHaveLength(2);
    const codes = await liveCodes(grace.id);
    expect(codes).toHaveLength(1);
    const second = await t.mail.codeFor('grace@example.com');
    if (second !== first)
      expect((await post(t, 'otp-verify/', { identifier: 'grace@example.com', otp: first })).statusCode).toBe(400);
    expect((await post(t, 'otp-verify/', { identifier: 'grace@example.com', otp: second })).statusCode).toBe(200);
  });

  it('answers a resend for an unknown identifier exactly like a real one', async () => {
    const res = await post(t, 'otp-resend/', { identifier: 'ghost@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: MSG.otpSent });
    expect(t.mail.messages.some((m) => m.to.includes('ghost@example.com'))).toBe(false);
  });
});

describe('code delivery without SMTP', () => {
  it('refuses in production before creating anything', async () => {
    const prod = await createTestApp({ config: { isProduction: true, smtpUrl: undefined }, env: { SMTP_URL: '' } });
    try {
      for (const payload of [
        { email: 'prod@example.com', password: 'prod password' },
        { username: 'produser', password: 'prod password' },
        { phone_number: '+15550109999', password: 'prod password' },
      ]) {
        const res = await post(prod, 'register/', payload);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ detail: MSG.codeUndeliverable, code: 'delivery_unavailable' });
      }
      const [n] = await prod.db.select({ n: sql<number>`count(*)::int` }).from(users);
      expect(n!.n).toBe(0);
      const [w] = await prod.db
        .select({ n: sql<number>`count(*)::int` })
        .from(wallets)
        .where(eq(wallets.kind, 'member'));
      expect(w!.n).toBe(0);
    } finally {
      await prod.close();
    }
  });

  it('refuses a phone-only registration in production even with mail configured', async () => {
    const prod = await createTestApp({ config: { isProduction: true } });
    try {
      const res = await post(prod, 'register/', { phone_number: '+15550108888', password: 'prod password' });
      expect(res.json()).toEqual({ detail: MSG.codeUndeliverable, code: 'delivery_unavailable' });
      const ok = await post(prod, 'register/', { email: 'real@example.com', password: 'prod password' });
      expect(ok.statusCode).toBe(201);
      expect(ok.json().delivery).toBe('email');
    } finally {
      await prod.close();
    }
  });

  it('answers 503 when the mail server refuses, keeping no undelivered code, and a retry works', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'wyn-mailfail-'));
    const database = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      WEB_DIST: path.join(dataDir, 'none'),
      LOG_LEVEL: 'silent',
    });
    let fail = true;
    const sent: string[] = [];
    const mailer = {
      deliversForReal: true,
      async send(mail: { to: string; text: string }) {
        if (fail) throw new Error('connection refused');
        sent.push(mail.text);
      },
      async close() {},
    };
    // Its own app (a mailer that refuses), watched like every test app: the 503 is the one server error.
    const watch = createServerErrorWatch();
    watch.expect('503 POST /api/v1/bot/register/', /AppError: We could not send the verification code/);
    const app = await buildApp({ config, database, mailer, logger: watch.logger });
    try {
      const payload = { email: 'bounce@example.com', password: 'bounce password' };
      const res = await app.inject({ method: 'POST', url: '/api/v1/bot/register/', payload });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: MSG.deliveryFailed, code: 'delivery_failed' });
      const [user] = await database.db.select().from(users).where(eq(users.email, 'bounce@example.com'));
      expect(user!.isVerified).toBe(false);
      expect(await database.db.select().from(otpCodes).where(eq(otpCodes.userId, user!.id))).toHaveLength(0);

      fail = false;
      const retry = await app.inject({ method: 'POST', url: '/api/v1/bot/register/', payload });
      expect(retry.statusCode, retry.body).toBe(201);
      expect(sent).toHaveLength(1);
      const otp = /\b(\d{6})\b/.exec(sent[0]!)![1];
      const ok = await app.inject({
        method: 'POST',
        url: '/api/v1/bot/otp-verify/',
        payload: { identifier: payload.email, otp },
      });
      expect(ok.statusCode, ok.body).toBe(200);
    } finally {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
      watch.release();
    }
    watch.check();
  });

  it('writes the code to the log in development, and that code verifies', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'wyn-log-'));
    const database = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      WEB_DIST: path.join(dataDir, 'none'),
    });
    const logger = { level: 'info', stream };
    const app = await buildApp({ config, database, logger });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/bot/register/',
        payload: { phone_number: '+15550107777', password: 'dev password' },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ detail: MSG.registerSuccess, identifier: '+15550107777', delivery: 'log' });
      const entry = lines
        .map((l) => JSON.parse(l) as { level: number; code?: string; identifier?: string })
        .find((l) => l.code);
      expect(entry).toMatchObject({ level: 30, identifier: '+15550107777', code: expect.stringMatching(/^\d{6}$/) });
      const verified = await app.inject({
        method: 'POST',
        url: '/api/v1/bot/otp-verify/',
        payload: { identifier: '+1 555 010 7777', otp: entry!.code },
      });
      expect(verified.statusCode, verified.body).toBe(200);
    } finally {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
