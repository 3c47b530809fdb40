import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { clubRequests } from '../../../test/club-requests.ts';
import { startFakeTelegram, type FakeTelegram } from '../../../test/fake-telegram.ts';
import { TEST_BOT_TOKEN, TEST_BOT_USERNAME } from '../../../test/telegram-signing.ts';
import { createMember } from '../../../test/users.ts';
import { perks, quests, users } from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';

type Member = Awaited<ReturnType<typeof createMember>>;

let fake: FakeTelegram;
let t: TestApp;
let tgMember: Member;
let webMember: Member;
const { post } = clubRequests(() => t.app);
const share = (by: Member, body: Record<string, unknown>) => post(by, '/share/prepare/', body);
const preparedCalls = () => fake.calls.filter((c) => c.method === 'savePreparedInlineMessage');

async function addQuest(t: TestApp, fields: Partial<typeof quests.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(quests)
    .values({
      title: 'Join the Wyn channel',
      description: 'Follow our announcements on Telegram and earn points.',
      taskType: 'join',
      rewardAmount: 2500,
      mediaUrl: '/media/quest-cover.jpg',
      ...fields,
    })
    .returning();
  return row!;
}
async function addPerk(t: TestApp, fields: Partial<typeof perks.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(perks)
    .values({
      title: 'Coffee voucher',
      description: 'A free coffee at the Wyn café.',
      perkType: 'discount_code',
      costAmount: 15000,
      discountCode: 'SECRET-CODE',
      mediaUrl: 'https://cdn.example.com/coffee.jpg',
      ...fields,
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  fake = await startFakeTelegram({ token: TEST_BOT_TOKEN, botUsername: TEST_BOT_USERNAME });
  t = await createTestApp({ telegramApiRoot: fake.apiRoot, env: { TELEGRAM_MINIAPP_SHORT_NAME: 'wyn' } });
  tgMember = await createMember(t, { telegramId: '424242' });
  webMember = await createMember(t);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('POST club/share/prepare/', () => {
  it('prepares a quest card for the member’s Telegram account with an Open button carrying the deep link', async () => {
    const q = await addQuest(t);
    const before = preparedCalls().length;
    const res = await share(tgMember, { target_type: 'quest', target_id: q.id });
    expect(res.statusCode).toBe(200);
    const link = `https://t.me/${TEST_BOT_USERNAME}/wyn?startapp=q_${q.id}`;
    const body = res.json();
    expect(body).toEqual({
      prepared_message_id: expect.stringMatching(/^prepared-\d+$/),
      link,
      text: 'Join the Wyn channel: complete this quest on Wyn and earn 25 W.',
    });
    const calls = preparedCalls();
    expect(calls).toHaveLength(before + 1);
    const params = calls.at(-1)!.params as { user_id: number; result: Record<string, unknown> } & Record<
      string,
      unknown
    >;
    expect(Number(params.user_id)).toBe(424242);
    expect(params).toMatchObject({ allow_user_chats: true, allow_group_chats: true, allow_channel_chats: true });
    expect(params.result).toMatchObject({
      type: 'article',
      id: `quest-${q.id}`,
      title: 'Join the Wyn channel',
      description: 'Follow our announcements on Telegram and earn points.',
      thumbnail_url: `${t.config.publicUrl}/media/quest-cover.jpg`,
      input_message_content: {
        message_text: expect.stringContaining('complete this quest on Wyn'),
        link_preview_options: { url: `${t.config.publicUrl}/media/quest-cover.jpg` },
      },
      reply_markup: { inline_keyboard: [[{ text: 'Open in Wyn', url: link }]] },
    });
  });

  it('prepares the caller’s own invitation card (r_<code>), the same link the Invite screen shows', async () => {
    const res = await share(tgMember, { target_type: 'invite' });
    expect(res.statusCode, res.body).toBe(200);
    const invite = (
      await t.app.inject({ method: 'GET', url: '/api/v1/club/referrals/', headers: tgMember.auth })
    ).json();
    expect(invite.link).toBe(`https://t.me/${TEST_BOT_USERNAME}/wyn?startapp=r_${invite.code}`);
    expect(res.json()).toEqual({
      prepared_message_id: expect.stringMatching(/^prepared-\d+$/),
      link: invite.link,
      text: invite.share_text,
    });
    const params = preparedCalls().at(-1)!.params as { user_id: number; result: Record<string, unknown> };
    expect(Number(params.user_id)).toBe(424242);
    expect(params.result).toMatchObject({
      type: 'article',
      id: `referral-${invite.code}`,
      title: expect.stringMatching(/ invites you to Wyn$/),
      description: expect.stringContaining('welcome bonus'),
      reply_markup: { inline_keyboard: [[{ text: 'Open in Wyn', url: invite.link }]] },
    });
    // Another member's invitation cannot be asked for: the body names no one.
    const other = await share(webMember, { target_type: 'invite', target_id: tgMember.user.id });
    expect(other.statusCode).toBe(200);
    expect(other.json().link).not.toBe(invite.link);
    expect(other.json().prepared_message_id).toBeUndefined();
  });

  it('links a perk with p_ and a profile with u_, and never puts the perk’s secret in the card', async () => {
    const p = await addPerk(t);
    const perkRes = await share(tgMember, { target_type: 'perk', target_id: p.id });
    expect(perkRes.statusCode).toBe(200);
    expect(perkRes.json()).toMatchObject({
      prepared_message_id: expect.any(String),
      link: `https://t.me/${TEST_BOT_USERNAME}/wyn?startapp=p_${p.id}`,
      text: 'Coffee voucher: a perk on Wyn for 150 W.',
    });
    const perkCall = preparedCalls().at(-1)!;
    expect(JSON.stringify(perkCall.params)).not.toContain('SECRET-CODE');
    expect(perkCall.params.result).toMatchObject({ thumbnail_url: 'https://cdn.example.com/coffee.jpg' });

    const profileRes = await share(tgMember, { target_type: 'profile', target_id: webMember.user.id });
    expect(profileRes.statusCode).toBe(200);
    expect(profileRes.json()).toMatchObject({
      prepared_message_id: expect.any(String),
      link: `https://t.me/${TEST_BOT_USERNAME}/wyn?startapp=u_${webMember.user.id}`,
      text: expect.stringContaining(`Test ${webMember.user.username} on Wyn`),
    });
    expect(preparedCalls().at(-1)!.params.result).toMatchObject({
      reply_markup: {
        inline_keyboard: [
          [{ text: 'Open in Wyn', url: `https://t.me/${TEST_BOT_USERNAME}/wyn?startapp=u_${webMember.user.id}` }],
        ],
      },
    });
  });

  it('answers 404 for a hidden or deleted quest or perk, a hidden profile and an unknown id, preparing nothing', async () => {
    const hiddenQuest = await addQuest(t, { isHidden: true });
    const deletedQuest = await addQuest(t, { status: 'hidden' });
    const hiddenPerk = await addPerk(t, { isHidden: true });
    const deletedPerk = await addPerk(t, { status: 'hidden' });
    const hiddenMember = await createMember(t);
    await t.db.update(users).set({ isHidden: true }).where(eq(users.id, hiddenMember.user.id));
    const before = preparedCalls().length;
    for (const [target_type, target_id] of [
      ['quest', hiddenQuest.id],
      ['quest', deletedQuest.id],
      ['quest', '00000000-0000-4000-8000-000000000000'],
      ['perk', hiddenPerk.id],
      ['perk', deletedPerk.id],
      ['profile', hiddenMember.user.id],
    ] as const) {
      const res = await share(tgMember, { target_type, target_id });
      expect(res.statusCode, `${target_type} ${target_id}`).toBe(404);
    }
    expect(preparedCalls()).toHaveLength(before);
    // A hidden member may still share their own profile.
    expect((await share(hiddenMember, { target_type: 'profile', target_id: hiddenMember.user.id })).statusCode).toBe(
      200,
    );
  });

  it('gives a member without a linked Telegram account the link only', async () => {
    const q = await addQuest(t);
    const before = preparedCalls().length;
    const res = await share(webMember, { target_type: 'quest', target_id: q.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      link: `https://t.me/${TEST_BOT_USERNAME}/wyn?startapp=q_${q.id}`,
      text: expect.any(String),
    });
    expect(preparedCalls()).toHaveLength(before);
  });

  it('prepares nothing when the client says it cannot use a prepared message', async () => {
    const q = await addQuest(t);
    const before = preparedCalls().length;
    const res = await share(tgMember, { target_type: 'quest', target_id: q.id, prepare_message: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().prepared_message_id).toBeUndefined();
    expect(preparedCalls()).toHaveLength(before);
  });

  it('refuses a bad target and a signed-out caller', async () => {
    expect((await share(tgMember, { target_type: 'wallet', target_id: webMember.user.id })).statusCode).toBe(400);
    expect((await share(tgMember, { target_type: 'quest', target_id: 'q_1' })).statusCode).toBe(400);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/club/share/prepare/',
      payload: { target_type: 'quest', target_id: webMember.user.id },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST club/share/prepare/ without the Mini App configured', () => {
  it('without a bot: the web address of the screen, no prepared message', async () => {
    const bare = await createTestApp({ env: { TELEGRAM_BOT_TOKEN: '', TELEGRAM_BOT_USERNAME: '' } });
    try {
      const member = await createMember(bare, { telegramId: '515151' });
      const q = await addQuest(bare);
      const res = await clubRequests(() => bare.app).post(member, '/share/prepare/', {
        target_type: 'quest',
        target_id: q.id,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ link: `${bare.config.publicUrl}/quest/${q.id}`, text: expect.any(String) });
    } finally {
      await bare.close();
    }
  });

  it('when the Bot API cannot be reached: the link only, the share still works', async () => {
    // The default test app points the bot at a closed port.
    const offline = await createTestApp({ env: { TELEGRAM_MINIAPP_SHORT_NAME: 'wyn' } });
    try {
      const member = await createMember(offline, { telegramId: '616161' });
      const p = await addPerk(offline);
      const res = await clubRequests(() => offline.app).post(member, '/share/prepare/', {
        target_type: 'perk',
        target_id: p.id,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        link: `https://t.me/${TEST_BOT_USERNAME}/wyn?startapp=p_${p.id}`,
        text: expect.any(String),
      });
    } finally {
      await offline.close();
    }
  });
});
