import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { startFakeTelegram, type FakeTelegram } from '../../../test/fake-telegram.ts';
import { TEST_BOT_TOKEN, TEST_BOT_USERNAME } from '../../../test/telegram-signing.ts';
import { createMember } from '../../../test/users.ts';
import { botStartTokens, questCompletions } from '../../db/schema/index.ts';
import { checkLedgerInvariants, getMemberWallet, mint } from '../wallet/wallet.service.ts';

let fake: FakeTelegram;
let t: TestApp;
type Member = Awaited<ReturnType<typeof createMember>>;
let creator: Member;
beforeAll(async () => {
  fake = await startFakeTelegram({ token: TEST_BOT_TOKEN, botUsername: TEST_BOT_USERNAME });
  t = await createTestApp({ telegramApiRoot: fake.apiRoot });
  creator = await createMember(t);
  const w = await getMemberWallet(t.db, creator.user.id);
  await t.db.transaction((tx) => mint(tx, w.id, 1_000_000, 'test funds'));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const api = '/api/v1/club';
const post = (by: Member | null, url: string, payload?: unknown) =>
  t.app.inject({ method: 'POST', url: `${api}${url}`, headers: by?.auth ?? {}, payload: payload as object });
const validate = (channel_username: string) => post(creator, '/telegram/validate-channel/', { channel_username });
const joinQuest = (channel: string) => ({
  title: 'Join our channel',
  description: 'Join the Wyn announcements channel on Telegram.',
  reward_amount: '5',
  max_participants: 5,
  task_type: 'join',
  channel_username: `@${channel}`,
  task_details: { channel_type: 'public_channel' },
});
let tgId = 700000;
const tgMember = () => createMember(t, { telegramId: String(++tgId) });

describe('POST telegram/validate-channel/', () => {
  it('accepts a channel the bot administers', async () => {
    fake.addChat({ username: 'wyn_news', title: 'Wyn News', botStatus: 'administrator' });
    const res = await validate('@wyn_news');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      valid: true,
      message: 'Success! Our bot has proper access to the channel.',
      chat_title: 'Wyn News',
    });
  });

  it('explains a bot that is not an admin, lacks rights, or a chat that does not exist', async () => {
    fake.addChat({ username: 'not_admin', botStatus: 'member' });
    expect((await validate('not_admin')).json()).toMatchObject({
      valid: false,
      message: expect.stringMatching(/not an administrator/),
    });
    const limited = fake.addChat({ username: 'limited' });
    fake.setMember(limited, fake.botId, { status: 'administrator', can_manage_chat: false } as never);
    expect((await validate('limited')).json()).toMatchObject({
      valid: false,
      message: expect.stringMatching(/view the member list/),
    });
    expect((await validate('nowhere_chat')).json()).toMatchObject({
      valid: false,
      message: expect.stringMatching(/Channel not found/),
    });
  });

  it('validates the username with the spec messages', async () => {
    for (const [input, message] of [
      ['', 'Channel username is required'],
      ['@', 'Channel username is required'],
      ['my channel', 'Channel username cannot contain spaces'],
    ]) {
      const res = await validate(input!);
      expect(res.statusCode, input).toBe(400);
      expect(res.json().errors.channel_username).toEqual([message]);
    }
  });

  it('answers 503 when the bot is not configured', async () => {
    const bare = await createTestApp({ env: { TELEGRAM_BOT_TOKEN: '', TELEGRAM_BOT_USERNAME: '' } });
    // Deliberate: a missing dependency is a 503, logged at error level.
    bare.expectServerErrors('503 POST /api/v1/club/telegram/validate-channel/', /AppError: Telegram checks are not/);
    try {
      const m = await createMember(bare);
      const res = await bare.app.inject({
        method: 'POST',
        url: `${api}/telegram/validate-channel/`,
        headers: m.auth,
        payload: { channel_username: 'x' },
      });
      expect(res.statusCode).toBe(503);
    } finally {
      await bare.close();
    }
  });
});

describe('join quests', () => {
  it('re-checks bot access at creation', async () => {
    fake.addChat({ username: 'no_bot_here' });
    const res = await post(creator, '/tasks/', joinQuest('no_bot_here'));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Bot access must be verified before creating the quest');
    const ok = await post(creator, '/tasks/', joinQuest('wyn_news'));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({
      verification_mode: 'automatic',
      channel_username: 'wyn_news',
      channel_type: 'public_channel',
    });
  });

  it('shows the invite link of a private chat only to participants and the creator', async () => {
    fake.addChat({ username: 'secret_club', type: 'supergroup', botStatus: 'administrator' });
    const res = await post(creator, '/tasks/', {
      ...joinQuest('secret_club'),
      task_details: { channel_type: 'private_group', invite_link: 'https://t.me/+secretInvite' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().invite_link).toBe('https://t.me/+secretInvite');
    const q = res.json();
    const m = await tgMember();
    const read = async () =>
      (await t.app.inject({ method: 'GET', url: `${api}/tasks/${q.id}/`, headers: m.auth })).json().invite_link;
    expect(await read()).toBeNull();
    const list = await t.app.inject({ method: 'GET', url: `${api}/tasks/?search=Join`, headers: m.auth });
    expect(list.body).not.toContain('secretInvite');
    await post(m, `/tasks/${q.id}/participate/`);
    expect(await read()).toBe('https://t.me/+secretInvite');
  });

  it('verifies membership through getChatMember and pays at once', async () => {
    const chat = fake.addChat({ username: 'club_chat', type: 'supergroup', botStatus: 'administrator' });
    const q = (await post(creator, '/tasks/', { ...joinQuest('club_chat'), max_participants: 10 })).json();
    const cases: Array<[Parameters<FakeTelegram['setMember']>[2] | null, boolean]> = [
      [null, false],
      [{ status: 'left' }, false],
      [{ status: 'kicked' }, false],
      [{ status: 'restricted', is_member: false }, false],
      [{ status: 'restricted', is_member: true }, true],
      [{ status: 'member' }, true],
      [{ status: 'administrator' }, true],
    ];
    for (const [state, joined] of cases) {
      const m = await tgMember();
      if (state) fake.setMember(chat, Number(m.user.telegramId), state);
      expect((await post(m, `/tasks/${q.id}/participate/`)).statusCode).toBe(201);
      const before = (await getMemberWallet(t.db, m.user.id)).balance;
      const res = await post(m, '/telegram/verify-membership/', { task_id: q.id });
      expect(res.statusCode, JSON.stringify(state)).toBe(200);
      expect(res.json().is_member, JSON.stringify(state)).toBe(joined);
      if (!joined) expect(res.json().message).toBe("Verification failed. Please make sure you've joined the channel.");
      const paid = (await getMemberWallet(t.db, m.user.id)).balance - before;
      expect(paid).toBe(joined ? 500 : 0);
      const [c] = await t.db.select().from(questCompletions).where(eq(questCompletions.userId, m.user.id));
      expect(c!.verificationStatus).toBe(joined ? 'approved' : 'joined');
      if (joined)
        expect(c!.proofData).toEqual({ verification_type: 'telegram_membership', channel_username: 'club_chat' });
      if (joined) {
        const again = await post(m, `/tasks/${q.id}/verify_completion/`);
        expect(again.json()).toMatchObject({ is_member: true, verification_status: 'approved' });
        expect((await getMemberWallet(t.db, m.user.id)).balance - before).toBe(500);
      }
    }
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('needs a linked Telegram account and a participation', async () => {
    const q = (await post(creator, '/tasks/', joinQuest('wyn_news'))).json();
    const plain = await createMember(t);
    await post(plain, `/tasks/${q.id}/participate/`);
    const res = await post(plain, '/telegram/verify-membership/', { task_id: q.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/Link your Telegram account/);
    const stranger = await tgMember();
    expect((await post(stranger, '/telegram/verify-membership/', { task_id: q.id })).statusCode).toBe(400);
  });

  it('reports an inaccessible member list clearly', async () => {
    const hidden = fake.addChat({ username: 'hidden_members', botStatus: 'administrator', memberListHidden: true });
    void hidden;
    const q = (await post(creator, '/tasks/', joinQuest('hidden_members'))).json();
    const m = await tgMember();
    await post(m, `/tasks/${q.id}/participate/`);
    const res = await post(m, '/telegram/verify-membership/', { task_id: q.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/member list/);
  });
});

describe('start_bot quests and the webhook', () => {
  const webhook = (payload: unknown, secret?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/bot/telegram/webhook/',
      headers: secret === undefined ? {} : { 'x-telegram-bot-api-secret-token': secret },
      payload: payload as object,
    });
  const startMessage = (text: string) => ({
    update_id: 1,
    message: { message_id: 1, date: 0, chat: { id: 4242, type: 'private' }, text },
  });

  it('refuses calls without the right secret', async () => {
    expect((await webhook(startMessage('/start'))).statusCode).toBe(401);
    expect((await webhook(startMessage('/start'), 'wrong')).statusCode).toBe(401);
    expect((await webhook(startMessage('/start'), t.config.telegram.webhookSecret)).statusCode).toBe(200);
    const reply = fake.calls.filter((c) => c.method === 'sendMessage').at(-1)!;
    expect(JSON.stringify(reply.params)).toContain('web_app');
    expect(JSON.stringify(reply.params)).toContain(t.config.publicUrl);
  });

  it('/start <token> completes and pays the own-bot quest exactly once', async () => {
    const res = await post(creator, '/tasks/', {
      title: 'Start our bot',
      description: 'Open the Wyn bot and press Start to finish.',
      reward_amount: '4',
      max_participants: 3,
      task_type: 'start_bot',
      bot_username: `@${TEST_BOT_USERNAME}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    const q = res.json();
    expect(q.verification_mode).toBe('automatic');
    const m = await createMember(t);
    await post(m, `/tasks/${q.id}/participate/`);
    const detail = (await t.app.inject({ method: 'GET', url: `${api}/tasks/${q.id}/`, headers: m.auth })).json();
    expect(detail.bot_start_link).toMatch(new RegExp(`^https://t\\.me/${TEST_BOT_USERNAME}\\?start=[\\w-]+$`));
    const token = new URL(detail.bot_start_link).searchParams.get('start')!;
    const notYet = await post(m, `/tasks/${q.id}/verify_completion/`);
    expect(notYet.json()).toMatchObject({ is_member: false, verification_status: 'joined' });
    const before = (await getMemberWallet(t.db, m.user.id)).balance;
    expect((await webhook(startMessage(`/start ${token}`), t.config.telegram.webhookSecret)).statusCode).toBe(200);
    expect((await webhook(startMessage(`/start ${token}`), t.config.telegram.webhookSecret)).statusCode).toBe(200);
    expect((await getMemberWallet(t.db, m.user.id)).balance - before).toBe(400);
    const [tok] = await t.db.select().from(botStartTokens).where(eq(botStartTokens.token, token));
    expect(tok!.usedAt).not.toBeNull();
    const done = await post(m, `/tasks/${q.id}/verify_completion/`);
    expect(done.json()).toMatchObject({ is_member: true, verification_status: 'approved' });
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('a start_bot quest on another bot is reviewed, with no start link', async () => {
    const q = (
      await post(creator, '/tasks/', {
        title: 'Start a partner bot',
        description: 'Open the partner bot and press Start.',
        reward_amount: '2',
        task_type: 'start_bot',
        bot_username: 'partner_bot',
      })
    ).json();
    expect(q.verification_mode).toBe('review');
    const m = await createMember(t);
    await post(m, `/tasks/${q.id}/participate/`);
    const detail = (await t.app.inject({ method: 'GET', url: `${api}/tasks/${q.id}/`, headers: m.auth })).json();
    expect(detail.bot_start_link).toBeNull();
    expect((await post(m, `/tasks/${q.id}/verify_completion/`)).statusCode).toBe(400);
  });
});
