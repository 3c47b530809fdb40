import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, usingPostgres, type TestApp } from '../../../test/create-test-app.ts';
import { startFakeTelegram, type FakeTelegram } from '../../../test/fake-telegram.ts';
import { clubRequests } from '../../../test/club-requests.ts';
import { TEST_BOT_TOKEN, TEST_BOT_USERNAME } from '../../../test/telegram-signing.ts';
import { createMember } from '../../../test/users.ts';
import { botRecipients, notifications, questCompletions, transactions } from '../../db/schema/index.ts';
import { checkLedgerInvariants, getMemberWallet, mint } from '../wallet/wallet.service.ts';

/**
 * The bot's webhook (issue #14 items 11 and 12): `chat_member` updates approve and pay joined join quests exactly
 * once (also racing the member's Verify), and change nothing for anyone else; `/start` with a deep-link payload
 * answers with a button opening the Mini App at that screen; the menu button opens the app.
 */
let fake: FakeTelegram;
let t: TestApp;
type Member = Awaited<ReturnType<typeof createMember>>;
let creator: Member;

beforeAll(async () => {
  fake = await startFakeTelegram({ token: TEST_BOT_TOKEN, botUsername: TEST_BOT_USERNAME });
  t = await createTestApp({ telegramApiRoot: fake.apiRoot, poolSize: 30 });
  creator = await createMember(t);
  const w = await getMemberWallet(t.db, creator.user.id);
  await t.db.transaction((tx) => mint(tx, w.id, 1_000_000, 'test funds'));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const { post } = clubRequests(() => t.app);
let tgId = 990_000;
const tgMember = () => createMember(t, { telegramId: String(++tgId) });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const webhook = (payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/bot/telegram/webhook/',
    headers: { 'x-telegram-bot-api-secret-token': t.config.telegram.webhookSecret },
    payload,
  });
let updateId = 1;
type Chat = ReturnType<FakeTelegram['addChat']>;
const chatMember = (chat: Chat, telegramId: number, status: 'member' | 'left' | 'kicked' | 'administrator') => ({
  update_id: updateId++,
  chat_member: {
    chat: { id: chat.id, type: chat.type, title: chat.title, username: chat.username },
    from: { id: telegramId, is_bot: false, first_name: 'U' },
    date: Math.floor(Date.now() / 1000),
    old_chat_member: { status: 'left', user: { id: telegramId, is_bot: false, first_name: 'U' } },
    new_chat_member: { status, user: { id: telegramId, is_bot: false, first_name: 'U' } },
  },
});

async function joinQuest(channel: string, max = 20) {
  const res = await post(creator, '/tasks/', {
    title: 'Join our channel',
    description: 'Join the Wyn announcements channel on Telegram.',
    reward_amount: '5',
    max_participants: max,
    task_type: 'join',
    channel_username: `@${channel}`,
    task_details: { channel_type: 'public_channel' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}
const completionOf = async (m: Member, questId: string) =>
  (
    await t.db
      .select()
      .from(questCompletions)
      .where(and(eq(questCompletions.userId, m.user.id), eq(questCompletions.questId, questId)))
  )[0];
const balance = async (m: Member) => (await getMemberWallet(t.db, m.user.id)).balance;

describe('verification from chat events (chat_member)', () => {
  it('approves and pays a joined join quest when its member joins the channel, exactly once', async () => {
    const chat = fake.addChat({ username: 'wyn_events', botStatus: 'administrator' });
    const q = await joinQuest('wyn_events');
    const m = await tgMember();
    expect((await post(m, `/tasks/${q.id}/participate/`)).statusCode).toBe(201);
    const before = await balance(m);

    const res = await webhook(chatMember(chat, Number(m.user.telegramId), 'member'));
    expect(res.statusCode).toBe(200);
    const c = await completionOf(m, q.id);
    expect(c).toMatchObject({
      verificationStatus: 'approved',
      verifiedById: null,
      proofData: { verification_type: 'telegram_membership', channel_username: 'wyn_events' },
    });
    expect((await balance(m)) - before).toBe(500);

    // The same update again (Telegram retries), another status change, and the member's own Verify: paid once.
    await webhook(chatMember(chat, Number(m.user.telegramId), 'member'));
    await webhook(chatMember(chat, Number(m.user.telegramId), 'administrator'));
    fake.setMember(chat, Number(m.user.telegramId), { status: 'member' });
    const verify = await post(m, '/telegram/verify-membership/', { task_id: q.id });
    expect(verify.json()).toMatchObject({ is_member: true, verification_status: 'approved' });
    expect((await balance(m)) - before).toBe(500);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);

    // The app hears of it like any approval: the completion and reward events give the member's notifications
    // (and with them the live hints to open tabs).
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, m.user.id));
    expect(notes.map((n) => n.title).sort()).toEqual(['Reward received', 'Submission approved']);
  });

  it('matches the quest by its channel username when the chat id was not kept', async () => {
    const chat = fake.addChat({ username: 'Old_Club', type: 'supergroup', botStatus: 'administrator' });
    const q = await joinQuest('old_club');
    const m = await tgMember();
    await post(m, `/tasks/${q.id}/participate/`);
    // A chat id that is not the quest's (as for a quest whose chat id was never stored), same username.
    await webhook(chatMember({ ...chat, id: -100999 }, Number(m.user.telegramId), 'member'));
    expect((await completionOf(m, q.id))?.verificationStatus).toBe('approved');
  });

  it('changes nothing for someone who never joined the quest, who left, or who has no account', async () => {
    const chat = fake.addChat({ username: 'quiet_club', botStatus: 'administrator' });
    const q = await joinQuest('quiet_club');
    const outsider = await tgMember();
    const leaver = await tgMember();
    await post(leaver, `/tasks/${q.id}/participate/`);
    const before = [await balance(outsider), await balance(leaver)];

    expect((await webhook(chatMember(chat, Number(outsider.user.telegramId), 'member'))).statusCode).toBe(200);
    expect((await webhook(chatMember(chat, Number(leaver.user.telegramId), 'left'))).statusCode).toBe(200);
    expect((await webhook(chatMember(chat, Number(leaver.user.telegramId), 'kicked'))).statusCode).toBe(200);
    expect((await webhook(chatMember(chat, 123_456_789, 'member'))).statusCode).toBe(200);
    // Another chat's join does not complete this quest.
    const elsewhere = fake.addChat({ username: 'elsewhere', botStatus: 'administrator' });
    expect((await webhook(chatMember(elsewhere, Number(leaver.user.telegramId), 'member'))).statusCode).toBe(200);

    expect(await completionOf(outsider, q.id)).toBeUndefined();
    expect((await completionOf(leaver, q.id))?.verificationStatus).toBe('joined');
    expect([await balance(outsider), await balance(leaver)]).toEqual(before);
  });

  it.skipIf(!usingPostgres)('pays once when the chat event and the member’s Verify race (PostgreSQL)', async () => {
    const chat = fake.addChat({ username: 'race_club', botStatus: 'administrator' });
    const q = await joinQuest('race_club', 40);
    const members = await Promise.all(Array.from({ length: 12 }, () => tgMember()));
    for (const m of members) {
      expect((await post(m, `/tasks/${q.id}/participate/`)).statusCode).toBe(201);
      fake.setMember(chat, Number(m.user.telegramId), { status: 'member' });
    }
    const before = await Promise.all(members.map(balance));
    const answers = await Promise.all(
      members.flatMap((m) => [
        webhook(chatMember(chat, Number(m.user.telegramId), 'member')),
        post(m, '/telegram/verify-membership/', { task_id: q.id }),
        webhook(chatMember(chat, Number(m.user.telegramId), 'member')),
      ]),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const after = await Promise.all(members.map(balance));
    expect(after.map((b, i) => b - before[i]!)).toEqual(members.map(() => 500));
    for (const m of members) expect((await completionOf(m, q.id))?.verificationStatus).toBe('approved');
    const rewards = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.transactionType, 'quest_reward'), eq(transactions.relatedEntityId, q.id)));
    expect(rewards).toHaveLength(members.length);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });
});

describe('/start and the menu button', () => {
  const lastReply = () => fake.calls.filter((c) => c.method === 'sendMessage').at(-1)!;
  const button = (c: (typeof fake.calls)[number]) =>
    (c.params.reply_markup as { inline_keyboard: { text: string; web_app: { url: string } }[][] })
      .inline_keyboard[0]![0]!;
  const start = (text: string, from = 4242) =>
    webhook({ update_id: updateId++, message: { text, chat: { id: from, type: 'private' }, from: { id: from } } });

  it('answers a deep-link payload with a button opening the Mini App at that screen', async () => {
    const id = '0b6c1f9e-3d6f-4e55-9d0c-5d6a8f1b2c3d';
    const cases: Array<[string, RegExp, string]> = [
      [`/start q_${id}`, /quest/, `/?startapp=q_${id}`],
      [`/start p_${id}`, /perk/, `/?startapp=p_${id}`],
      [`/start u_${id}`, /profile/, `/?startapp=u_${id}`],
      ['/start r_friend42', /invited/, '/?startapp=r_friend42'],
      [`/start@${TEST_BOT_USERNAME} q_${id.toUpperCase()}`, /quest/, `/?startapp=q_${id}`],
    ];
    for (const [text, words, path] of cases) {
      const res = await start(text);
      expect(res.statusCode).toBe(200);
      const reply = lastReply();
      expect(String(reply.params.chat_id)).toBe('4242');
      expect(reply.params.text).toMatch(words);
      expect(button(reply)).toEqual({
        text: `Open ${t.config.productName}`,
        web_app: { url: `${t.config.publicUrl}${path}` },
      });
    }
    await start('/start');
    expect(lastReply().params.text).toMatch(/^Welcome to/);
    expect(button(lastReply()).web_app.url).toBe(`${t.config.publicUrl}/`);
    await start('/start q_not-a-uuid');
    expect(lastReply().params.text).toBe('This link has already been used or is not valid.');
  });

  it('counts a /start as permission for bot messages, and as coming back after a block', async () => {
    const m = await tgMember();
    const id = Number(m.user.telegramId);
    const row = async () => (await t.db.select().from(botRecipients).where(eq(botRecipients.userId, m.user.id)))[0];
    expect(await row()).toBeUndefined();
    await start('/start', id);
    expect((await row())?.allowedAt).toBeInstanceOf(Date);
    await t.db.update(botRecipients).set({ blockedAt: new Date() }).where(eq(botRecipients.userId, m.user.id));
    await start('/start', id);
    expect((await row())?.blockedAt).toBeNull();
    expect((await post(m, '/telegram/write-access/')).json()).toEqual({ bot_messages: true });
  });

  it('sets the bot menu button to open the Mini App when the app starts', async () => {
    for (let i = 0; i < 20 && !fake.calls.some((c) => c.method === 'setChatMenuButton'); i++) await sleep(50);
    const call = fake.calls.find((c) => c.method === 'setChatMenuButton');
    expect(call?.params.menu_button).toEqual({
      type: 'web_app',
      text: `Open ${t.config.productName}`,
      web_app: { url: t.config.publicUrl },
    });
  });
});
