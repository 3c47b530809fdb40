import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { startFakeTelegram, type FakeTelegram } from '../../../test/fake-telegram.ts';
import { clubRequests } from '../../../test/club-requests.ts';
import { TEST_BOT_TOKEN, TEST_BOT_USERNAME } from '../../../test/telegram-signing.ts';
import { createMember } from '../../../test/users.ts';
import { users } from '../../db/schema/index.ts';

/**
 * Staff announcements through the bot (issue #15 item 7) against the local fake Bot API: each announcement is
 * queued as a bot message only for members who allowed the bot and have notifications on, with its title,
 * message and outside link in the text and an Open button to the app's notifications; a promotion goes the same
 * way.
 */
let fake: FakeTelegram;
let t: TestApp;
type Member = Awaited<ReturnType<typeof createMember>>;
let staff: Member;

beforeAll(async () => {
  fake = await startFakeTelegram({ token: TEST_BOT_TOKEN, botUsername: TEST_BOT_USERNAME });
  t = await createTestApp({ telegramApiRoot: fake.apiRoot });
  staff = await createMember(t);
  await t.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.user.id));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const { post } = clubRequests(() => t.app);
let tgId = 990_000;

/** A member with a Telegram account; `allow`: granted the bot write access (the app's requestWriteAccess). */
async function botMember(opts: { allow: boolean }): Promise<Member> {
  const m = await createMember(t, { telegramId: String(++tgId) });
  if (opts.allow) {
    const res = await post(m, '/telegram/write-access/');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ bot_messages: true });
  }
  return m;
}

type Call = FakeTelegram['calls'][number];
const sentTo = (m: Member) =>
  fake.calls.filter((c) => c.method === 'sendMessage' && String(c.params.chat_id) === m.user.telegramId);
const openButton = (c: Call) =>
  (c.params.reply_markup as { inline_keyboard: { text: string; web_app: { url: string } }[][] })
    .inline_keyboard[0]![0]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(what: string, ok: () => boolean, ms = 20_000) {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('announcements through the bot', () => {
  it('queues a message with the link only for members who allowed the bot and have notifications on', async () => {
    const allowed = await botMember({ allow: true });
    const alsoAllowed = await botMember({ allow: true });
    const notAllowed = await botMember({ allow: false });
    const quiet = await botMember({ allow: true });
    expect((await post(quiet, '/user/settings/', { notifications_enabled: false })).statusCode).toBe(200);
    const noTelegram = await createMember(t);

    const res = await post(staff, '/staff/announcements/', {
      title: 'Maintenance tonight',
      message: 'The club is down for ten minutes at 22:00 UTC.',
      link: 'https://status.wyn.example/',
      audience: 'all',
    });
    expect(res.statusCode, res.body).toBe(202);

    await until('both allowed members to hear of it', () => sentTo(allowed).length + sentTo(alsoAllowed).length >= 2);
    await sleep(1000); // nothing more comes
    for (const m of [allowed, alsoAllowed]) {
      const calls = sentTo(m);
      expect(calls).toHaveLength(1);
      // An outside link is written in the text; the button opens the app's notifications.
      expect(calls[0]!.params.text).toBe(
        'Maintenance tonight\nThe club is down for ten minutes at 22:00 UTC.\nhttps://status.wyn.example/',
      );
      expect(openButton(calls[0]!)).toEqual({
        text: 'Open',
        web_app: { url: `${t.config.publicUrl}/notifications` },
      });
    }
    expect(sentTo(notAllowed)).toHaveLength(0);
    expect(sentTo(quiet)).toHaveLength(0);
    expect(sentTo(staff)).toHaveLength(0); // no Telegram account
    expect(sentTo(noTelegram)).toHaveLength(0);
    expect(fake.calls.filter((c) => c.method === 'sendMessage' && c.params.chat_id === undefined)).toHaveLength(0);

    // A promotion reaches the same members the same way.
    const promo = await post(staff, '/staff/announcements/', {
      title: 'Rooftop passes',
      message: 'Only 25 passes: redeem yours this week.',
      link: 'https://wyn.example/rooftop',
      audience: 'all',
      kind: 'promotion',
    });
    expect(promo.statusCode, promo.body).toBe(202);
    await until('the promotion', () => sentTo(allowed).length >= 2);
    expect(sentTo(allowed)[1]!.params.text).toBe(
      'Rooftop passes\nOnly 25 passes: redeem yours this week.\nhttps://wyn.example/rooftop',
    );
    expect(sentTo(notAllowed)).toHaveLength(0);
  });
});
