import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { STRINGS_MSG } from '@wyn/contract';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { createMember } from '../../test/users.ts';
import { multipartBody, PNG_1PX } from '../../test/multipart.ts';

let t: TestApp;
let member: Awaited<ReturnType<typeof createMember>>;
beforeAll(async () => {
  t = await createTestApp();
  member = await createMember(t);
});
afterAll(() => t.close());

const club = (path: string) => `/api/v1/club${path}`;
const json = (method: 'POST' | 'PATCH', url: string, payload: unknown, signedIn = true) =>
  t.app.inject({ method, url, payload: payload as object, headers: signedIn ? member.auth : {} });

/** 400 with `field` named in the error map (the fuzz pass saw 500s from PostgreSQL for each of these). */
function expectFieldError(res: { statusCode: number; body: string; json(): unknown }, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { code: string; detail: string; errors: Record<string, string[]> };
  expect(body.code).toBe('invalid');
  expect(Object.keys(body.errors), res.body).toContain(field);
  expect(body.errors[field]![0]).toMatch(/not allowed/);
}

const NUL = 'a\u0000b';
const LONE_HIGH = 'a\ud800b';
const LONE_LOW = '\udc00';

describe('text the database cannot store (docs/architecture.md, API conventions): 400 with a field error, never a 500', () => {
  it('login identifier with NUL', async () => {
    expectFieldError(
      await json('POST', '/api/v1/bot/login/', { identifier: NUL, password: 'whatever-1' }, false),
      'identifier',
    );
  });

  it('register name with NUL', async () => {
    const res = await json(
      'POST',
      '/api/v1/bot/register/',
      { username: 'nul_name_1', password: 'long-enough-1', first_name: NUL },
      false,
    );
    expectFieldError(res, 'first_name');
    expect((res.json() as { errors: Record<string, string[]> }).errors.first_name).toEqual([
      STRINGS_MSG.notStorable.replace('{field}', 'First name'),
    ]);
  });

  it('search text (body) and search param (query) with NUL', async () => {
    expectFieldError(await json('POST', club('/explore/search/'), { query: NUL }), 'query');
    const res = await t.app.inject({ method: 'GET', url: club('/tasks/?search=a%00b'), headers: member.auth });
    expectFieldError(res, 'search');
  });

  it('transfer note with NUL', async () => {
    const other = await createMember(t);
    const wallet = await t.app.inject({ method: 'GET', url: club('/wallets/my_wallet/'), headers: member.auth });
    const res = await json('POST', club(`/wallets/${(wallet.json() as { id: string }).id}/transfer/`), {
      recipient: other.user.username,
      amount: '1.00',
      note: NUL,
    });
    expectFieldError(res, 'note');
  });

  it('tag name with NUL', async () => {
    expectFieldError(await json('POST', club('/tags/'), { name: NUL }), 'name');
  });

  it('quest title with NUL (JSON body, a route with no body schema)', async () => {
    const res = await json('POST', club('/tasks/'), {
      title: `Quest ${NUL}`,
      description: 'A description long enough for the rules.',
      reward_amount: '1.00',
      task_type: 'visit',
      target_url: 'https://example.com/',
    });
    expectFieldError(res, 'title');
  });

  it('a multipart text field with NUL', async () => {
    const form = multipartBody({
      title: `Quest ${NUL}`,
      description: 'A description long enough for the rules.',
      reward_amount: '1.00',
      task_type: 'visit',
      target_url: 'https://example.com/',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: club('/tasks/'),
      headers: { ...member.auth, ...form.headers },
      payload: form.payload,
    });
    expectFieldError(res, 'title');
  });

  it('a multipart file name with NUL', async () => {
    const form = multipartBody({}, [
      { field: 'file', filename: `me${'\u0000'}.png`, bytes: PNG_1PX, type: 'image/png' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: club('/media/upload/'),
      headers: { ...member.auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid', errors: { file: [STRINGS_MSG.fileNameNotStorable] } });
  });

  it('lone surrogates, nested values and keys are refused too; a paired surrogate (emoji) is text', async () => {
    expectFieldError(await json('POST', club('/tags/'), { name: LONE_HIGH }), 'name');
    expectFieldError(await json('POST', club('/tags/'), { name: LONE_LOW }), 'name');
    const nested = await json('POST', club('/explore/search/'), { query: 'ok', filters: { tags: ['x', NUL] } });
    expect(nested.statusCode, nested.body).toBe(400);
    const key = await json('POST', club('/explore/search/'), { query: 'ok', ['k\u0000']: 1 });
    expect(key.statusCode, key.body).toBe(400);
    const emoji = await json('POST', club('/tags/'), { name: 'fun \ud83d\ude00' });
    expect(emoji.statusCode, emoji.body).toBeLessThan(300);
  });
});

describe('access token subject', () => {
  it('a correctly signed token whose subject is not a uuid → 401, not a 500', async () => {
    const key = new TextEncoder().encode(t.config.jwtSecret);
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ staff: false, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('not-a-uuid\u0000')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(key);
    const res = await t.app.inject({
      method: 'GET',
      url: club('/wallets/my_wallet/'),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json()).toMatchObject({ code: 'token_invalid' });
  });
});
