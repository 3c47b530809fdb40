import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { startFakeTelegram, type FakeTelegram } from '../../../test/fake-telegram.ts';
import { clubRequests } from '../../../test/club-requests.ts';
import { signInitData, TEST_BOT_TOKEN, TEST_BOT_USERNAME, type TgUser } from '../../../test/telegram-signing.ts';
import { createMember } from '../../../test/users.ts';
import { botRecipients } from '../../db/schema/index.ts';
import { getMemberWallet, mint } from '../wallet/wallet.service.ts';

/**
 * Bot messages to members (issue #14 item 10) against the local fake Bot API: what is sent to whom with which
 * Open button, only to members who allowed it and have notifications on, retried on 429, stopped on 403 and
 * resumed when the member comes back, chat messages only while not connected, and the review digest.
 */
let fake: FakeTelegram;
let t: TestApp;
let base: string;
type Member = Awaited<ReturnType<typeof createMember>>;
let creator: Member;

beforeAll(async () => {
  fake = await startFakeTelegram({ token: TEST_BOT_TOKEN, botUsername: TEST_BOT_USERNAME });
  t = await createTestApp({ telegramApiRoot: fake.apiRoot });
  // Over real HTTP too, for the live stream (app.inject cannot stream).
  base = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/api/v1/club`;
  creator = await botMember();
  const w = await getMemberWallet(t.db, creator.user.id);
  await t.db.transaction((tx) => mint(tx, w.id, 1_000_000, 'test funds'));
});
afterAll(async () => {
  t.app.server.closeAllConnections();
  await t.close();
  await fake.close();
});

const { post } = clubRequests(() => t.app);
let tgId = 880_000;

/** A member with a Telegram account who allowed bot messages (the app's requestWriteAccess, granted). */
async function botMember(opts: { allow?: boolean; telegram?: boolean } = {}): Promise<Member> {
  const m = await createMember(t, opts.telegram === false ? {} : { telegramId: String(++tgId) });
  if (opts.allow ?? true) {
    const res = await post(m, '/telegram/write-access/');
    expect(res.statusCode, res.body).toBe(200);
  }
  return m;
}

type Call = FakeTelegram['calls'][number];
const chatOf = (m: Member) => m.user.telegramId!;
const sentTo = (m: Member) =>
  fake.calls.filter((c) => c.method === 'sendMessage' && String(c.params.chat_id) === chatOf(m));
const openButton = (c: Call) =>
  (c.params.reply_markup as { inline_keyboard: { text: string; web_app: { url: string } }[][] })
    .inline_keyboard[0]![0]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, fn: () => T | undefined | null | false, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}
/** Waits until `m` has received `n` bot messages, then a little longer to see that no more come. */
async function messagesTo(m: Member, n: number, settleMs = 700): Promise<Call[]> {
  await until(`${n} messages`, () => sentTo(m).length >= n);
  await sleep(settleMs);
  const calls = sentTo(m);
  expect(calls.map((c) => c.params.text)).toHaveLength(n);
  return calls;
}

async function transfer(from: Member, to: Member, amount = 5) {
  const wallet = await getMemberWallet(t.db, from.user.id);
  const res = await post(from, `/wallets/${wallet.id}/transfer/`, { recipient: to.user.id, amount });
  expect(res.statusCode, res.body).toBe(200);
}
async function createQuest(by: Member, title = 'Follow our studio') {
  const res = await post(by, '/tasks/', {
    title,
    description: 'Follow the studio account on Instagram and send your handle.',
    reward_amount: '10.00',
    task_type: 'follow',
    social_platform: '@wyn.studio',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; title: string };
}
async function joinAndSubmit(m: Member, questId: string): Promise<string> {
  const joined = await post(m, `/tasks/${questId}/participate/`);
  expect(joined.statusCode, joined.body).toBeLessThan(300);
  const sent = await post(m, `/tasks/${questId}/submit_proof/`, { proof_text: '@me' });
  expect(sent.statusCode, sent.body).toBe(200);
  return (joined.json() as { id: string }).id;
}

describe('bot messages to members', () => {
  it('tells each member what happened, in their chat, with an Open button to the right screen', async () => {
    const member = await botMember();
    const rejected = await botMember();
    const q = await createQuest(creator, 'Follow the studio');
    const url = (path: string) => `${t.config.publicUrl}${path}`;

    // A submission: the creator hears of it (the review digest), then the member of the approval and reward.
    const completion = await joinAndSubmit(member, q.id);
    const [digest] = await messagesTo(creator, 1, 0);
    expect(digest!.params.text).toBe(
      'New submissions to review\n1 submission is waiting for your review on "Follow the studio".',
    );
    expect(openButton(digest!)).toEqual({ text: 'Open', web_app: { url: url(`/quest/${q.id}`) } });
    expect((await post(creator, `/task-completions/${completion}/approve/`)).statusCode).toBe(200);
    const [approved, reward] = await messagesTo(member, 2);
    expect(approved!.params.text).toBe('Submission approved\nYour completion of "Follow the studio" was approved.');
    expect(reward!.params.text).toBe('Reward received\nYou earned 10 W for "Follow the studio".');
    for (const c of [approved!, reward!])
      expect(openButton(c)).toEqual({ text: 'Open', web_app: { url: url(`/quest/${q.id}`) } });

    // A rejection carries its reason.
    const other = await joinAndSubmit(rejected, q.id);
    const rej = await post(creator, `/task-completions/${other}/reject/`, { reason: 'Handle not found' });
    expect(rej.statusCode, rej.body).toBe(200);
    const [no] = await messagesTo(rejected, 1);
    expect(no!.params.text).toBe(
      'Submission rejected\nYour proof for "Follow the studio" was rejected: Handle not found',
    );
    expect(openButton(no!).web_app.url).toBe(url(`/quest/${q.id}`));

    // The perk's creator hears of a redemption; a transfer's recipient of the points; a chat message its receiver.
    const perk = await post(creator, '/perks/', {
      title: 'Members discount',
      description: 'Twenty percent off everything in the shop.',
      cost_amount: '5.00',
      perk_type: 'discount_code',
      discount_code: 'WYN20',
    });
    expect(perk.statusCode, perk.body).toBe(201);
    const perkId = (perk.json() as { id: string }).id;
    expect((await post(member, `/perks/${perkId}/redeem/`)).statusCode).toBe(200);
    await transfer(member, creator, 3);
    expect(
      (await post(member, '/messages/', { content: 'Thanks for the quest!', receiver: creator.user.id })).statusCode,
    ).toBe(201);
    const toCreator = (await messagesTo(creator, 4)).slice(1);
    const name = `Test ${member.user.username}`;
    expect(toCreator.map((c) => [c.params.text, openButton(c).web_app.url])).toEqual([
      [`Your perk was redeemed\n${name} redeemed "Members discount" for 5 W.`, url(`/perk/${perkId}`)],
      [expect.stringMatching(/^You received 3 W from .+$/), url('/wallet')],
      [`New message\n${name}: Thanks for the quest!`, url(`/messages?user=${member.user.id}`)],
    ]);

    // One message a second per chat at most.
    const times = sentTo(creator).map((c) => c.at);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(900);
  });

  it('writes only to members who allowed it and have notifications on', async () => {
    const sender = await botMember();
    const notAllowed = await botMember({ allow: false });
    const noTelegram = await createMember(t);
    const quiet = await botMember();
    const settings = await post(quiet, '/user/settings/', { notifications_enabled: false });
    expect(settings.statusCode, settings.body).toBe(200);
    const noTg = await post(noTelegram, '/telegram/write-access/');
    expect(noTg.json()).toEqual({ bot_messages: false });

    for (const to of [notAllowed, quiet, noTelegram]) await transfer(sender, to, 1);
    const control = await botMember();
    await transfer(sender, control, 1);
    await messagesTo(control, 1);
    expect(sentTo(notAllowed)).toHaveLength(0);
    expect(sentTo(quiet)).toHaveLength(0);
    expect(fake.calls.filter((c) => c.method === 'sendMessage' && c.params.chat_id === undefined)).toHaveLength(0);

    // Allowed later (a /start in the bot), and notifications back on: the next one goes.
    await webhook({
      update_id: 1,
      message: { text: '/start', chat: { id: Number(chatOf(notAllowed)) }, from: { id: Number(chatOf(notAllowed)) } },
    });
    await post(quiet, '/user/settings/', { notifications_enabled: true });
    await transfer(sender, notAllowed, 1);
    await transfer(sender, quiet, 1);
    // notAllowed also got the /start answer.
    expect((await messagesTo(notAllowed, 2)).at(-1)!.params.text).toMatch(/^You received 1 W/);
    expect((await messagesTo(quiet, 1))[0]!.params.text).toMatch(/^You received 1 W/);
  });

  it('allows bot messages from Mini App sign-in data that says allows_write_to_pm', async () => {
    const id = ++tgId;
    const user = { id, first_name: 'Rosa', allows_write_to_pm: true } as TgUser;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bot/telegram-webapp-auth/',
      payload: { initData: signInitData(user) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(botRecipients).where(eq(botRecipients.userId, res.json().user.id));
    expect(row?.allowedAt).toBeInstanceOf(Date);

    const withoutId = ++tgId;
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bot/telegram-webapp-auth/',
      payload: { initData: signInitData({ id: withoutId, first_name: 'Sam' }) },
    });
    expect(plain.statusCode).toBe(200);
    expect(await t.db.select().from(botRecipients).where(eq(botRecipients.userId, plain.json().user.id))).toEqual([]);
  });

  it('sends a message again after the retry_after of a 429', async () => {
    const sender = await botMember();
    const to = await botMember();
    fake.failNext('sendMessage', { error_code: 429, description: 'Too Many Requests: retry after 1', retry_after: 1 });
    await transfer(sender, to, 2);
    const [first, second] = await messagesTo(to, 2);
    expect(first!.params.text).toBe(second!.params.text);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(1000);
  });

  it('puts a message with a long retry_after back on the queue for that long', async () => {
    const sender = await botMember();
    const to = await botMember();
    fake.failNext('sendMessage', {
      error_code: 429,
      description: 'Too Many Requests: retry after 120',
      retry_after: 120,
    });
    await transfer(sender, to, 2);
    await messagesTo(to, 1);
    const deferred = async () => {
      const { rows } = (await t.db.execute(
        sql`select extract(epoch from start_after - now())::int as wait, data from pgboss.job where name = 'bot-message' and state = 'created'`,
      )) as unknown as { rows: { wait: number; data: { userId: string } }[] };
      return rows.filter((j) => j.data.userId === to.user.id);
    };
    let mine = await deferred();
    for (let i = 0; i < 50 && mine.length === 0; i++) {
      await sleep(100);
      mine = await deferred();
    }
    expect(mine).toHaveLength(1);
    expect(mine[0]!.wait).toBeGreaterThan(100);
    expect(mine[0]!.wait).toBeLessThanOrEqual(120);
  });
  it('stops writing to a member who blocked the bot, until they come back', async () => {
    const sender = await botMember();
    const to = await botMember();
    fake.blockChat(chatOf(to));
    await transfer(sender, to, 1);
    await messagesTo(to, 1);
    const blockedAt = async () =>
      (await t.db.select().from(botRecipients).where(eq(botRecipients.userId, to.user.id)))[0]?.blockedAt ?? null;
    for (let i = 0; i < 50 && !(await blockedAt()); i++) await sleep(50);
    expect(await blockedAt()).toBeInstanceOf(Date);

    // Blocked: nothing more is even tried.
    await transfer(sender, to, 1);
    await sleep(1500);
    expect(sentTo(to)).toHaveLength(1);

    // They come back through a Telegram sign-in: messages resume.
    fake.unblockChat(chatOf(to));
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bot/telegram-webapp-auth/',
      payload: { initData: signInitData({ id: Number(chatOf(to)), first_name: 'Back' }) },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await blockedAt()).toBeNull();
    await transfer(sender, to, 1);
    expect((await messagesTo(to, 2)).at(-1)!.params.text).toMatch(/^You received 1 W/);
  });

  it('tells a chat message only to a member with no live stream open', async () => {
    const sender = await botMember();
    const to = await botMember();
    const controller = new AbortController();
    const stream = await fetch(`${base}/live/`, { headers: to.auth, signal: controller.signal });
    expect(stream.status).toBe(200);
    // The presence row is written just after the stream opens.
    await sleep(300);
    expect((await post(sender, '/messages/', { content: 'Are you there?', receiver: to.user.id })).statusCode).toBe(
      201,
    );
    await sleep(1500);
    expect(sentTo(to)).toHaveLength(0);

    controller.abort();
    await sleep(300);
    expect((await post(sender, '/messages/', { content: 'Gone?', receiver: to.user.id })).statusCode).toBe(201);
    const [msg] = await messagesTo(to, 1);
    expect(msg!.params.text).toBe(`New message\nTest ${sender.user.username}: Gone?`);
  });
});

const webhook = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/bot/telegram/webhook/',
    headers: { 'x-telegram-bot-api-secret-token': t.config.telegram.webhookSecret },
    payload: payload as object,
  });
