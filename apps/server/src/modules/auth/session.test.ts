import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNull, and } from 'drizzle-orm';
import { ACCOUNT_MSG, MSG, type AuthResponse } from '@wyn/contract';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { signInitData, signLoginWidget } from '../../../test/telegram-signing.ts';
import { refreshTokens, users } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/tokens.ts';
import { get, post, registerAndVerify } from './auth-test-helpers.ts';

let t: TestApp;
let rita: AuthResponse;
beforeAll(async () => {
  t = await createTestApp({ config: { rateLimitAuthMax: 1000 } });
  rita = await registerAndVerify(t, {
    username: 'rita',
    email: 'rita@example.com',
    phone_number: '+15550200001',
    first_name: 'Rita',
  });
});
afterAll(() => t.close());

const login = async (identifier = 'rita', password = 'correct horse battery') => {
  const res = await post(t, 'login/', { identifier, password });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AuthResponse;
};
const refresh = (token: string) => post(t, 'token/refresh/', { refresh: token });
const expectSessionInvalid = (res: Awaited<ReturnType<typeof refresh>>) => {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ detail: MSG.sessionExpired, code: 'token_invalid' });
};

describe('access and refresh tokens', () => {
  it('rotates the refresh token on every use, in the same family', async () => {
    const session = await login();
    const r1 = await refresh(session.refresh);
    expect(r1.statusCode, r1.body).toBe(200);
    const next = r1.json();
    expect(Object.keys(next).sort()).toEqual(['access', 'access_expires_at', 'refresh']);
    expect(next.refresh).not.toBe(session.refresh);
    expect((await get(t, 'current-user/', next.access)).statusCode).toBe(200);

    const [oldRow] = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(session.refresh)));
    const [newRow] = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(next.refresh)));
    expect(oldRow!.usedAt).toBeInstanceOf(Date);
    expect(newRow!.familyId).toBe(oldRow!.familyId);
    expect(newRow!.usedAt).toBeNull();
    // Stored hashed only.
    const raw = await t.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, next.refresh));
    expect(raw).toHaveLength(0);

    const r2 = await refresh(next.refresh);
    expect(r2.statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is presented again', async () => {
    const session = await login();
    const other = await login(); // another device: another family
    const rotated = (await refresh(session.refresh)).json();
    const newest = (await refresh(rotated.refresh)).json();

    expectSessionInvalid(await refresh(session.refresh)); // replay of a used token
    expectSessionInvalid(await refresh(newest.refresh)); // the thief's or the owner's newest: dead too
    const [row] = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(newest.refresh)));
    const family = await t.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, row!.familyId));
    expect(family).toHaveLength(3);
    expect(family.every((r) => r.revokedAt !== null)).toBe(true);

    expect((await refresh(other.refresh)).statusCode).toBe(200); // other sessions survive
  });

  it('refuses unknown and expired refresh tokens', async () => {
    expectSessionInvalid(await refresh('not-a-real-token'));
    const session = await login();
    t.advance(31 * 24 * 3600 * 1000);
    expectSessionInvalid(await refresh(session.refresh));
  });

  it('expires access tokens after 15 minutes', async () => {
    const session = await login();
    expect((await get(t, 'current-user/', session.access)).statusCode).toBe(200);
    t.advance(16 * 60_000);
    const res = await get(t, 'current-user/', session.access);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: MSG.sessionExpired, code: 'token_invalid' });
    // The refresh token still works and gives a fresh access token.
    const fresh = (await refresh(session.refresh)).json();
    expect((await get(t, 'current-user/', fresh.access)).statusCode).toBe(200);
  });

  it('requires a token on the signed-in calls', async () => {
    for (const pathName of ['current-user/', 'profile/', 'wallet/']) {
      const res = await get(t, pathName);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: MSG.notAuthenticated, code: 'not_authenticated' });
    }
    expect((await get(t, 'current-user/', 'garbage.token.here')).statusCode).toBe(401);
    expect((await post(t, 'logout/', {})).statusCode).toBe(401);
    expect((await post(t, 'update-user/', { first_name: 'X' })).statusCode).toBe(401);
  });
});

describe('logout', () => {
  it('revokes the family of the given refresh token only', async () => {
    const a = await login();
    const b = await login();
    const rotatedA = (await refresh(a.refresh)).json();
    const res = await post(t, 'logout/', { refresh: rotatedA.refresh }, rotatedA.access);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: MSG.loggedOut });
    expectSessionInvalid(await refresh(rotatedA.refresh));
    expect((await refresh(b.refresh)).statusCode).toBe(200);
  });

  it('without a token, revokes every session of the caller and nobody else', async () => {
    const a = await login();
    const b = await login();
    const sam = await registerAndVerify(t, { username: 'sam', email: 'sam@example.com' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bot/logout/',
      headers: { authorization: `Bearer ${a.access}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expectSessionInvalid(await refresh(a.refresh));
    expectSessionInvalid(await refresh(b.refresh));
    const [ritaRow] = await t.db.select().from(users).where(eq(users.username, 'rita'));
    const live = await t.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, ritaRow!.id), isNull(refreshTokens.revokedAt)));
    expect(live).toHaveLength(0);
    expect((await refresh(sam.refresh)).statusCode).toBe(200);
  });

  it("ignores someone else's refresh token", async () => {
    const tom = await registerAndVerify(t, { username: 'tom', email: 'tom@example.com' });
    const mine = await login();
    await post(t, 'logout/', { refresh: tom.refresh }, mine.access);
    expect((await refresh(tom.refresh)).statusCode).toBe(200);
  });
});

describe('current user, profile and wallet', () => {
  it('returns the caller', async () => {
    const session = await login();
    const res = await get(t, 'current-user/', session.access);
    expect(res.json()).toMatchObject({
      id: rita.user.id,
      username: 'rita',
      email: 'rita@example.com',
      phone_number: '+15550200001',
      first_name: 'Rita',
      is_verified: true,
      is_staff: false,
    });
    expect(res.json()).not.toHaveProperty('password_hash');
    expect(res.body).not.toContain('argon2');
  });

  it('returns the own profile and wallet', async () => {
    const session = await login();
    const profile = await get(t, 'profile/', session.access);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({
      id: rita.user.id,
      user: { id: rita.user.id, username: 'rita', first_name: 'Rita', last_name: '' },
      display_name: 'Rita',
      bio: '',
      followers_count: 0,
      following_count: 0,
      posts_count: 0,
      shareable_url: `${t.config.publicUrl}/profile/${rita.user.id}`,
      is_following: false,
      is_private: false,
    });
    const wallet = await get(t, 'wallet/', session.access);
    expect(wallet.json()).toEqual({ id: expect.any(String), user: rita.user.id, balance: '100.00' });
  });

  it('ends the session of a disabled account', async () => {
    const uma = await registerAndVerify(t, { username: 'uma', email: 'uma@example.com' });
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, uma.user.id));
    expect((await get(t, 'current-user/', uma.access)).statusCode).toBe(401);
    expectSessionInvalid(await refresh(uma.refresh));
  });
});

describe('update-user', () => {
  it('updates names and identifiers', async () => {
    const session = await login();
    const res = await post(
      t,
      'update-user/',
      { first_name: 'Rita', last_name: 'Moreno', username: 'Rita_M', email: 'Rita.M@Example.com' },
      session.access,
    );
    expect(res.statusCode, res.body).toBe(200);
    // A new e-mail waits for its code (email-change.test.ts); names and username apply at once.
    expect(res.json()).toEqual({
      detail: ACCOUNT_MSG.changeCodeSent('rita.m@example.com'),
      user: expect.objectContaining({ username: 'Rita_M', email: 'rita@example.com', last_name: 'Moreno' }),
      pending_email: 'rita.m@example.com',
      pending_phone: null,
    });
    const otp = await t.mail.codeFor('rita.m@example.com');
    const confirmed = await post(t, 'update-user/confirm/', { field: 'email', otp }, session.access);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, rita.user.id));
    expect(row).toMatchObject({ username: 'Rita_M', email: 'rita.m@example.com', lastName: 'Moreno' });
    expect(
      (await post(t, 'login/', { identifier: 'rita.m@example.com', password: 'correct horse battery' })).statusCode,
    ).toBe(200);
    // Changing only the case of one's own username is fine.
    expect((await post(t, 'update-user/', { username: 'rita_m' }, session.access)).statusCode).toBe(200);
  });

  it('refuses fields the server alone sets, and unknown ones', async () => {
    const session = await login('rita_m');
    for (const payload of [{ is_staff: true }, { is_verified: false }, { first_name: 'R', balance: '1000.00' }]) {
      const res = await post(t, 'update-user/', payload, session.access);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('invalid');
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, rita.user.id));
    expect(row).toMatchObject({ isStaff: false, isVerified: true, firstName: 'Rita' });
  });

  it('refuses identifiers another member has', async () => {
    const vic = await registerAndVerify(t, { username: 'vic', email: 'vic@example.com', phone_number: '+15550200003' });
    const res = await post(
      t,
      'update-user/',
      { username: 'RITA_M', email: 'RITA.M@example.com', phone_number: '+15550200001' },
      vic.access,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: MSG.usernameTaken,
      code: 'identifier_taken',
      errors: { username: [MSG.usernameTaken], email: [MSG.emailTaken], phone_number: [MSG.phoneTaken] },
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, vic.user.id));
    expect(row!.username).toBe('vic');
  });

  it('links a Telegram account (Mini App or widget), and refuses one linked to someone else', async () => {
    const session = await login('rita_m');
    // Earlier tests moved the app clock forward; Telegram data is dated by that clock.
    const authDate = Math.floor(Date.parse(session.access_expires_at) / 1000) - 15 * 60;
    const linked = await post(
      t,
      'update-user/',
      { initData: signInitData({ id: 5001, first_name: 'R', username: 'rita_tg' }, { authDate }) },
      session.access,
    );
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().user).toMatchObject({ telegram_id: '5001', tg_username: 'rita_tg', username: 'rita_m' });
    // Signing in with that Telegram account now reaches Rita.
    const viaTelegram = await post(t, 'telegram-webapp-auth/', {
      initData: signInitData({ id: 5001, first_name: 'R' }, { authDate }),
    });
    expect(viaTelegram.json()).toMatchObject({ created: false, user: { id: rita.user.id } });

    const wendy = await registerAndVerify(t, { username: 'wendy', email: 'wendy@example.com' });
    const taken = await post(
      t,
      'update-user/',
      { telegram_user_info: signLoginWidget({ id: 5001, first_name: 'W' }, { authDate }) },
      wendy.access,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ detail: MSG.telegramTaken, code: 'telegram_taken' });

    const forged = await post(
      t,
      'update-user/',
      { telegram_user_info: signLoginWidget({ id: 5002 }, { botToken: '1:forged', authDate }) },
      wendy.access,
    );
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('telegram_invalid');

    const own = await post(
      t,
      'update-user/',
      { telegram_user_info: signLoginWidget({ id: 5003, username: 'wendy_tg' }, { authDate }) },
      wendy.access,
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().user).toMatchObject({ telegram_id: '5003', tg_username: 'wendy_tg' });
  });
});
