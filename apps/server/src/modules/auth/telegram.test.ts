import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MSG } from '@wyn/contract';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { signInitData, signLoginWidget, TEST_BOT_USERNAME } from '../../../test/telegram-signing.ts';
import { transactions, users } from '../../db/schema/index.ts';
import { checkLedgerInvariants } from '../wallet/wallet.service.ts';
import { get, post, registerAndVerify } from './auth-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { rateLimitAuthMax: 1000 } });
});
afterAll(() => t.close());

const nowSeconds = () => Math.floor(Date.now() / 1000);
const tgAuth = (payload: unknown) => post(t, 'telegram-webapp-auth/', payload);
const expectTelegramInvalid = (res: Awaited<ReturnType<typeof tgAuth>>) => {
  expect(res.statusCode, res.body).toBe(401);
  expect(res.json()).toEqual({ detail: MSG.telegramAuthFailed, code: 'telegram_invalid' });
};

describe('Mini App sign-in (initData)', () => {
  const kate = {
    id: 7001,
    first_name: 'Kate',
    last_name: 'Bell',
    username: 'kate_tg',
    photo_url: 'https://t.me/i/userpic/kate.jpg',
  };

  it('creates a verified member on first sign-in and signs the same member in afterwards', async () => {
    const first = await tgAuth({ initData: signInitData(kate) });
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body.created).toBe(true);
    expect(body.user).toMatchObject({
      username: 'kate_tg',
      tg_username: 'kate_tg',
      telegram_id: '7001',
      first_name: 'Kate',
      last_name: 'Bell',
      telegram_photo_url: kate.photo_url,
      is_verified: true,
    });
    const wallet = await get(t, 'wallet/', body.access);
    expect(wallet.json().balance).toBe('100.00');

    const second = await tgAuth({
      initData: signInitData({ ...kate, username: 'kate_new', photo_url: 'https://t.me/i/userpic/kate2.jpg' }),
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().created).toBe(false);
    expect(second.json().user).toMatchObject({
      id: body.user.id,
      tg_username: 'kate_new',
      telegram_photo_url: 'https://t.me/i/userpic/kate2.jpg',
    });
    const rows = await t.db.select().from(users).where(eq(users.telegramId, '7001'));
    expect(rows).toHaveLength(1);
    const rewards = await t.db.select().from(transactions).where(eq(transactions.transactionType, 'system_reward'));
    const [n] = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(rewards).toHaveLength(n!.n);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('refuses launch data signed with another bot token', async () => {
    expectTelegramInvalid(await tgAuth({ initData: signInitData(kate, { botToken: '999:another-bot-token' }) }));
  });

  it('refuses launch data with a tampered field', async () => {
    const signed = new URLSearchParams(signInitData({ id: 7002, first_name: 'Liam' }));
    signed.set('user', JSON.stringify({ id: 1, first_name: 'Liam' }));
    expectTelegramInvalid(await tgAuth({ initData: signed.toString() }));
    const added = signInitData({ id: 7002, first_name: 'Liam' }) + '&start_param=evil';
    expectTelegramInvalid(await tgAuth({ initData: added }));
    const noHash = new URLSearchParams(signInitData({ id: 7002, first_name: 'Liam' }));
    noHash.delete('hash');
    expectTelegramInvalid(await tgAuth({ initData: noHash.toString() }));
    expect(await t.db.select().from(users).where(eq(users.telegramId, '7002'))).toHaveLength(0);
  });

  it('refuses launch data older than 24 hours, by the app clock', async () => {
    const old = await tgAuth({
      initData: signInitData({ id: 7003, first_name: 'Mia' }, { authDate: nowSeconds() - 25 * 3600 }),
    });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ detail: MSG.telegramExpired, code: 'telegram_expired' });
    const fresh = await tgAuth({
      initData: signInitData({ id: 7003, first_name: 'Mia' }, { authDate: nowSeconds() - 23 * 3600 }),
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('asks for a user id in the launch data', async () => {
    // Correctly signed, but the user has no id.
    const noId = signInitData({ first_name: 'Nobody' } as never);
    const res = await tgAuth({ initData: noId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: MSG.invalidTelegramData, code: 'invalid' });
  });

  it('accepts initData sent with telegram_user_info as the spec client does, trusting initData alone', async () => {
    const liam = { id: 7010, first_name: 'Liam', username: 'liam_tg' };
    const res = await tgAuth({
      initData: signInitData(liam),
      // initDataUnsafe.user: no hash, no auth_date, and here even another id and name; never trusted.
      telegram_user_info: { id: 9999, first_name: 'Mallory', username: 'mallory', language_code: 'en' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ telegram_id: '7010', first_name: 'Liam', tg_username: 'liam_tg' });
    expect(await t.db.select().from(users).where(eq(users.telegramId, '9999'))).toHaveLength(0);

    // Bad initData is refused whatever telegram_user_info says (it is not a fallback).
    const forged = await tgAuth({
      initData: signInitData(liam, { botToken: '999:other-token' }),
      telegram_user_info: signLoginWidget(liam),
    });
    expectTelegramInvalid(forged);
  });

  it('leaves the username empty when the Telegram username is taken', async () => {
    await registerAndVerify(t, { username: 'Nora', email: 'nora@example.com' });
    const res = await tgAuth({ initData: signInitData({ id: 7004, first_name: 'Other', username: 'nora' }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ username: null, tg_username: 'nora' });
    expect(res.json().created).toBe(true);
  });

  it('keeps what each Mini App sign-in says of Telegram Premium (a review signal); the login widget does not say', async () => {
    const premiumOf = async (id: string) =>
      (await t.db.select({ p: users.telegramIsPremium }).from(users).where(eq(users.id, id)))[0]?.p;
    const first = await tgAuth({ initData: signInitData({ id: 7005, first_name: 'Pia', is_premium: true }) });
    expect(first.statusCode, first.body).toBe(200);
    const id = first.json().user.id as string;
    expect(await premiumOf(id)).toBe(true);
    // Telegram leaves `is_premium` out when the member has no Premium (any more).
    await tgAuth({ initData: signInitData({ id: 7005, first_name: 'Pia' }) });
    expect(await premiumOf(id)).toBe(false);
    await tgAuth({ initData: signInitData({ id: 7005, first_name: 'Pia', is_premium: true }) });
    const widget = await tgAuth({ telegram_user_info: signLoginWidget({ id: 7005, first_name: 'Pia' }) });
    expect(widget.json().user.id).toBe(id);
    expect(await premiumOf(id)).toBe(true);
    // A member who only ever used the login widget: not known.
    const web = await tgAuth({ telegram_user_info: signLoginWidget({ id: 7006, first_name: 'Wes' }) });
    expect(await premiumOf(web.json().user.id)).toBeNull();
  });
});

describe('login widget sign-in (telegram_user_info)', () => {
  it('signs in with valid widget data and refuses a tampered hash', async () => {
    const data = signLoginWidget({
      id: 8001,
      first_name: 'Olga',
      username: 'olga_w',
      photo_url: 'https://t.me/i/olga.jpg',
    });
    const ok = await tgAuth({ telegram_user_info: data });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      created: true,
      user: { telegram_id: '8001', username: 'olga_w', first_name: 'Olga' },
    });
    const again = await tgAuth({ telegram_user_info: { ...data, id: String(data.id) } });
    expect(again.json()).toMatchObject({ created: false, user: { id: ok.json().user.id } });

    const flipped = data.hash.slice(0, -1) + (data.hash.endsWith('0') ? '1' : '0');
    expectTelegramInvalid(await tgAuth({ telegram_user_info: { ...data, hash: flipped } }));
    expectTelegramInvalid(await tgAuth({ telegram_user_info: { ...data, first_name: 'Mallory' } }));
    expectTelegramInvalid(
      await tgAuth({ telegram_user_info: signLoginWidget({ id: 8002 }, { botToken: '999:another-bot-token' }) }),
    );
  });

  it('refuses widget data older than 24 hours', async () => {
    const res = await tgAuth({
      telegram_user_info: signLoginWidget({ id: 8003 }, { authDate: nowSeconds() - 25 * 3600 }),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('telegram_expired');
  });

  it('says "Invalid Telegram authentication data" without an id', async () => {
    const { id: _id, ...noId } = signLoginWidget({ id: 8004, first_name: 'Pat' });
    const res = await tgAuth({ telegram_user_info: noId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      detail: MSG.invalidTelegramData,
      code: 'invalid',
      errors: { 'telegram_user_info.id': expect.any(Array) },
    });
  });

  it('says "No Telegram authentication data available" for an empty body', async () => {
    const res = await tgAuth({});
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(MSG.noTelegramData);
  });
});

describe('public config and an unconfigured bot', () => {
  it('publishes the bot username and id, never the token', async () => {
    const res = await get(t, 'config/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      product_name: 'Wyn',
      telegram_bot_username: TEST_BOT_USERNAME,
      telegram_bot_id: 123456789,
      welcome_bonus: '100.00',
    });
    expect(res.body).not.toContain('TEST-bot-token');
  });

  it('answers 503 when no bot is configured', async () => {
    const bare = await createTestApp({ env: { TELEGRAM_BOT_TOKEN: '', TELEGRAM_BOT_USERNAME: '' } });
    // Deliberate: a missing dependency is a 503, logged at error level.
    bare.expectServerErrors(
      '503 POST /api/v1/bot/telegram-webapp-auth/',
      /AppError: Telegram sign-in is not configured/,
    );
    try {
      const res = await post(bare, 'telegram-webapp-auth/', {
        initData: signInitData({ id: 9001, first_name: 'Quinn' }),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: MSG.telegramNotConfigured, code: 'telegram_not_configured' });
      const widget = await post(bare, 'telegram-webapp-auth/', { telegram_user_info: signLoginWidget({ id: 9001 }) });
      expect(widget.statusCode).toBe(503);
      const config = await get(bare, 'config/');
      expect(config.json()).toMatchObject({ telegram_bot_username: null, telegram_bot_id: null });
    } finally {
      await bare.close();
    }
  });
});
