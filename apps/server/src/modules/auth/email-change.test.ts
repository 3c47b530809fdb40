import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ACCOUNT_MSG, MSG } from '@wyn/contract';
import { createTestApp, usingPostgres, type TestApp } from '../../../test/create-test-app.ts';
import { otpCodes, users } from '../../db/schema/index.ts';
import { post, registerAndVerify } from './auth-test-helpers.ts';

/** Issue #12 item 7: a new e-mail or phone applies only once the code sent to it is confirmed. */
const PASSWORD = 'correct horse battery';

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({
    config: { rateLimitAuthMax: 1000 },
    logStream: { write: (line) => void logLines.push(line) },
  });
});
afterAll(() => t.close());

const login = (identifier: string, password = PASSWORD) => post(t, 'login/', { identifier, password });
const change = (access: string, body: Record<string, unknown>) => post(t, 'update-user/', body, access);
const confirm = (access: string, otp: string, field = 'email') =>
  post(t, 'update-user/confirm/', { field, otp }, access);
const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');
const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

/** Every code mailed to an address, oldest first. */
function codesMailedTo(address: string): string[] {
  return t.mail.messages
    .filter((m) => m.to.includes(address))
    .map((m) => /code is (\d{6})/.exec(m.text)?.[1])
    .filter((c): c is string => Boolean(c));
}

async function waitForCodes(address: string, n: number): Promise<string[]> {
  for (let i = 0; i < 300 && codesMailedTo(address).length < n; i++) await new Promise((r) => setTimeout(r, 10));
  const codes = codesMailedTo(address);
  expect(codes).toHaveLength(n);
  return codes;
}

describe('changing the e-mail', () => {
  it('sends a code to the new address and keeps the old one in force; other fields apply at once', async () => {
    const ann = await registerAndVerify(t, { username: 'ann', email: 'ann@example.com', first_name: 'Ann' });
    const res = await change(ann.access, { email: 'Ann.New@Example.com', first_name: 'Annie' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      detail: ACCOUNT_MSG.changeCodeSent('ann.new@example.com'),
      user: expect.objectContaining({ email: 'ann@example.com', first_name: 'Annie' }),
      pending_email: 'ann.new@example.com',
      pending_phone: null,
    });
    expect(await userRow(ann.user.id)).toMatchObject({ email: 'ann@example.com', firstName: 'Annie' });

    const [code] = await waitForCodes('ann.new@example.com', 1);
    expect(t.mail.messages.at(-1)!.text).toContain('e-mail change code');
    const [row] = await t.db
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.userId, ann.user.id), eq(otpCodes.purpose, 'email_change')));
    expect(row).toMatchObject({ target: 'ann.new@example.com', attempts: 0 });
    expect(row!.codeHash).not.toContain(code!); // stored hashed

    expect((await login('ann@example.com')).statusCode).toBe(200);
    expect((await login('ann.new@example.com')).statusCode).toBe(401);

    // A wrong code counts an attempt and changes nothing.
    const wrong = await confirm(ann.access, otherCode(code!));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: MSG.otpInvalid, code: 'otp_invalid' });
    const [counted] = await t.db.select().from(otpCodes).where(eq(otpCodes.id, row!.id));
    expect(counted!.attempts).toBe(1);
    expect((await userRow(ann.user.id)).email).toBe('ann@example.com');

    const ok = await confirm(ann.access, code!);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      detail: ACCOUNT_MSG.emailUpdated,
      user: expect.objectContaining({ email: 'ann.new@example.com' }),
    });
    expect((await userRow(ann.user.id)).email).toBe('ann.new@example.com');
    expect((await login('ann.new@example.com')).statusCode).toBe(200);
    expect((await login('ann@example.com')).statusCode).toBe(401);

    // The code works once.
    expect((await confirm(ann.access, code!)).json()).toEqual({ detail: MSG.otpInvalid, code: 'otp_invalid' });
  });

  it('locks the code after 5 wrong attempts', async () => {
    const bo = await registerAndVerify(t, { username: 'bob', email: 'bo@example.com' });
    expect((await change(bo.access, { email: 'bo.new@example.com' })).statusCode).toBe(200);
    const [code] = await waitForCodes('bo.new@example.com', 1);
    for (let i = 1; i <= 4; i++) expect((await confirm(bo.access, otherCode(code!))).json().code).toBe('otp_invalid');
    expect((await confirm(bo.access, otherCode(code!))).json()).toEqual({ detail: MSG.otpLocked, code: 'otp_locked' });
    expect((await confirm(bo.access, code!)).json().code).toBe('otp_locked');
    expect((await userRow(bo.user.id)).email).toBe('bo@example.com');
  });

  it('does not reserve the new address: another member may register it, then confirming is 409', async () => {
    const cy = await registerAndVerify(t, { username: 'cyd', email: 'cy@example.com' });
    expect((await change(cy.access, { email: 'wanted@example.com' })).statusCode).toBe(200);
    const [code] = await waitForCodes('wanted@example.com', 1);

    const other = await post(t, 'register/', { email: 'wanted@example.com', password: 'someone else pw' });
    expect(other.statusCode, other.body).toBe(201);

    const res = await confirm(cy.access, code!);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: MSG.emailTaken, code: 'identifier_taken' });
    expect((await userRow(cy.user.id)).email).toBe('cy@example.com');
    expect((await login('cy@example.com')).statusCode).toBe(200);
  });

  it('refuses at once an address another member already has, and changes nothing else', async () => {
    const di = await registerAndVerify(t, { username: 'dia', email: 'di@example.com', first_name: 'Di' });
    const res = await change(di.access, { email: 'CY@example.com', first_name: 'Diana' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: MSG.emailTaken,
      code: 'identifier_taken',
      errors: { email: [MSG.emailTaken] },
    });
    expect(await userRow(di.user.id)).toMatchObject({ email: 'di@example.com', firstName: 'Di' });
    expect(codesMailedTo('cy@example.com')).toHaveLength(1); // only cy's own sign-up code
  });

  it('a newer pending change replaces the older one (whose code stops working); one send a minute', async () => {
    const ed = await registerAndVerify(t, { username: 'edd', email: 'ed@example.com' });
    expect((await change(ed.access, { email: 'ed.first@example.com' })).statusCode).toBe(200);
    const [first] = await waitForCodes('ed.first@example.com', 1);

    const soon = await change(ed.access, { email: 'ed.second@example.com', last_name: 'Soon' });
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toEqual({ detail: MSG.otpTooSoon, code: 'otp_too_soon' });
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    expect((await userRow(ed.user.id)).lastName).not.toBe('Soon');

    t.advance(61_000);
    const newer = await change(ed.access, { email: 'ed.second@example.com' });
    expect(newer.json().pending_email).toBe('ed.second@example.com');
    const [second] = await waitForCodes('ed.second@example.com', 1);

    const old = await confirm(ed.access, first!);
    expect(old.statusCode).toBe(400);
    expect(old.json().code).toBe('otp_invalid');
    expect((await userRow(ed.user.id)).email).toBe('ed@example.com');

    expect((await confirm(ed.access, second!)).statusCode).toBe(200);
    expect((await userRow(ed.user.id)).email).toBe('ed.second@example.com');
  });

  it('expires the code after 10 minutes', async () => {
    const fay = await registerAndVerify(t, { username: 'fay', email: 'fay@example.com' });
    expect((await change(fay.access, { email: 'fay.new@example.com' })).statusCode).toBe(200);
    const [code] = await waitForCodes('fay.new@example.com', 1);
    t.advance(11 * 60_000);
    const fresh = (await login('fay@example.com')).json();
    const late = await confirm(fresh.access, code!);
    expect(late.json()).toEqual({ detail: MSG.otpExpired, code: 'otp_expired' });
    expect((await userRow(fay.user.id)).email).toBe('fay@example.com');
  });

  it('the same address as now sends nothing; no pending change confirms nothing', async () => {
    const gus = await registerAndVerify(t, { username: 'gus', email: 'gus@example.com' });
    const same = await change(gus.access, { email: 'GUS@example.com', first_name: 'Gus' });
    expect(same.json()).toMatchObject({ detail: MSG.userUpdated, pending_email: null, pending_phone: null });
    expect(codesMailedTo('gus@example.com')).toHaveLength(1);
    expect((await confirm(gus.access, '123456')).json()).toEqual({ detail: MSG.otpInvalid, code: 'otp_invalid' });
  });

  it('needs a session and a well-formed body', async () => {
    expect((await post(t, 'update-user/confirm/', { field: 'email', otp: '123456' })).statusCode).toBe(401);
    const hal = await registerAndVerify(t, { username: 'hal', email: 'hal@example.com' });
    for (const body of [{ field: 'username', otp: '123456' }, { field: 'email', otp: '12ab56' }, { otp: '123456' }]) {
      const res = await post(t, 'update-user/confirm/', body, hal.access);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('changing the phone', () => {
  /** Outside production a phone's code is written to the server log, as for a phone sign-up. */
  function codeLoggedFor(phone: string): string | undefined {
    const pattern = new RegExp(`one-time code for \\${phone}: (\\d{6})`);
    return logLines.map((l) => pattern.exec(l)?.[1]).findLast(Boolean);
  }

  it('applies only after the code from the log is confirmed', async () => {
    const ivy = await registerAndVerify(t, { username: 'ivy', email: 'ivy@example.com', phone_number: '+15550300001' });
    const res = await change(ivy.access, { phone_number: '+1 555 030 0002' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      detail: ACCOUNT_MSG.changeCodeSent('+15550300002'),
      pending_email: null,
      pending_phone: '+15550300002',
      user: { phone_number: '+15550300001' },
    });
    const code = codeLoggedFor('+15550300002');
    expect(code).toMatch(/^\d{6}$/);
    expect((await login('+15550300001')).statusCode).toBe(200);
    expect((await login('+15550300002')).statusCode).toBe(401);

    // An e-mail code does not confirm a phone change.
    expect((await confirm(ivy.access, code!, 'email')).statusCode).toBe(400);
    const ok = await confirm(ivy.access, code!, 'phone_number');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ detail: ACCOUNT_MSG.phoneUpdated, user: { phone_number: '+15550300002' } });
    expect((await login('+15550300002')).statusCode).toBe(200);
    expect((await login('+15550300001')).statusCode).toBe(401);
  });

  it('is refused in production, where no SMS can be sent', async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'production' }, config: { rateLimitAuthMax: 1000 } });
    try {
      const jo = await registerAndVerify(prod, { username: 'joe', email: 'jo@example.com' });
      const res = await post(prod, 'update-user/', { phone_number: '+15550300003', first_name: 'Jo' }, jo.access);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail: ACCOUNT_MSG.changePhoneUndeliverable, code: 'delivery_unavailable' });
      const [row] = await prod.db.select().from(users).where(eq(users.id, jo.user.id));
      expect(row).toMatchObject({ phoneNumber: null, firstName: '' });
    } finally {
      await prod.close();
    }
  });
});

/** Races need real concurrency: PostgreSQL only (PGlite runs one transaction at a time). */
describe.runIf(usingPostgres)('changing the e-mail under concurrency (PostgreSQL)', () => {
  it('two members confirming the same new address at once: one 200, one 409, never both', async () => {
    const outcomes: number[][] = [];
    for (let round = 0; round < 5; round++) {
      const address = `contested${round}@example.com`;
      const a = await registerAndVerify(t, { username: `race_a${round}`, email: `race_a${round}@example.com` });
      const b = await registerAndVerify(t, { username: `race_b${round}`, email: `race_b${round}@example.com` });
      expect((await change(a.access, { email: address })).statusCode).toBe(200);
      const [codeA] = await waitForCodes(address, 1);
      expect((await change(b.access, { email: address })).statusCode).toBe(200);
      const [, codeB] = await waitForCodes(address, 2);

      const results = await Promise.all([confirm(a.access, codeA!), confirm(b.access, codeB!)]);
      const statuses = results.map((r) => r.statusCode);
      outcomes.push(statuses);
      expect([...statuses].sort()).toEqual([200, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json()).toEqual({
        detail: MSG.emailTaken,
        code: 'identifier_taken',
      });
      const holders = await t.db.select({ id: users.id }).from(users).where(eq(users.email, address));
      expect(holders).toHaveLength(1);
      const winner = statuses[0] === 200 ? a : b;
      expect(holders[0]!.id).toBe(winner.user.id);
    }
    console.info(`same-address confirmations: ${JSON.stringify(outcomes)}`);
  });
});
