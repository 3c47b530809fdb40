import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { startFakeTelegram, type FakeTelegram } from '../../../test/fake-telegram.ts';
import { clubRequests } from '../../../test/club-requests.ts';
import { TEST_BOT_TOKEN, TEST_BOT_USERNAME } from '../../../test/telegram-signing.ts';
import { createMember } from '../../../test/users.ts';
import { createBotMessenger } from '../../integrations/telegram-messenger.ts';
import { getMemberWallet, mint } from '../wallet/wallet.service.ts';

/**
 * The pace of bot messages (issue #14 item 10): one a second per chat and a configured rate overall (tested with a
 * small one), and new submissions told to a quest's creator at most once every ten minutes.
 */
let fake: FakeTelegram;
let t: TestApp;
type Member = Awaited<ReturnType<typeof createMember>>;

beforeAll(async () => {
  fake = await startFakeTelegram({ token: TEST_BOT_TOKEN, botUsername: TEST_BOT_USERNAME });
  t = await createTestApp({ telegramApiRoot: fake.apiRoot, env: { TELEGRAM_SEND_PER_SECOND: '2' } });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const { post } = clubRequests(() => t.app);
let tgId = 770_000;
async function botMember(): Promise<Member> {
  const m = await createMember(t, { telegramId: String(++tgId) });
  expect((await post(m, '/telegram/write-access/')).json()).toEqual({ bot_messages: true });
  return m;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sends = (chats?: Set<string>) =>
  fake.calls.filter((c) => c.method === 'sendMessage' && (!chats || chats.has(String(c.params.chat_id))));
async function until(what: string, ok: () => boolean, ms = 15_000) {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}
/** Network jitter between a reserved send time and the fake's receiving it (new connections, a busy machine). */
const SLACK = 100;

describe('the pace of bot messages', () => {
  it('sends at most one message a second to one chat and at most the configured rate overall', async () => {
    const messenger = createBotMessenger({
      token: TEST_BOT_TOKEN,
      apiRoot: fake.apiRoot,
      perSecond: 3,
      chatIntervalMs: 1000,
      maxRetryAfterSeconds: 30,
    });
    // Warm up the connection pool, so the first measured calls do not also wait for a TCP handshake.
    await Promise.all([messenger.send('5559998', 'warm-up'), messenger.send('5559999', 'warm-up')]);
    const one = '5550001';
    const many = Array.from({ length: 7 }, (_, i) => String(5551000 + i));
    const outcomes = await Promise.all([
      ...[1, 2, 3].map((i) => messenger.send(one, `to one chat ${i}`)),
      ...many.map((chat) => messenger.send(chat, 'to many chats')),
    ]);
    expect(outcomes.every((o) => o.status === 'sent')).toBe(true);

    const toOne = sends(new Set([one])).map((c) => c.at);
    // Counted from the first (see the test below): a message that arrived late only shortens the gap after it.
    for (let i = 1; i < toOne.length; i++) expect(toOne[i]! - toOne[0]!).toBeGreaterThanOrEqual(i * 1000 - SLACK);
    // Overall: no four messages within one second (3 a second), whichever chats they went to.
    const all = sends(new Set([one, ...many]))
      .map((c) => c.at)
      .sort((a, b) => a - b);
    expect(all).toHaveLength(10);
    for (let i = 3; i < all.length; i++)
      expect(all[i]! - all[0]!).toBeGreaterThanOrEqual(Math.floor(i / 3) * 1000 - SLACK);
  });

  it('paces the queued messages by TELEGRAM_SEND_PER_SECOND', async () => {
    const sender = await botMember();
    await t.db.transaction(async (tx) => mint(tx, (await getMemberWallet(tx, sender.user.id)).id, 100_000, 'test'));
    const wallet = await getMemberWallet(t.db, sender.user.id);
    const recipients = await Promise.all(Array.from({ length: 5 }, () => botMember()));
    for (const r of recipients)
      expect(
        (await post(sender, `/wallets/${wallet.id}/transfer/`, { recipient: r.user.id, amount: 1 })).statusCode,
      ).toBe(200);
    const chats = new Set(recipients.map((r) => r.user.telegramId!));
    await until('5 messages', () => sends(chats).length >= 5);
    const times = sends(chats)
      .map((c) => c.at)
      .sort((a, b) => a - b);
    // Counted from the first: a message that reached the fake late (a busy machine) makes only the gap after it
    // look short, while a burst would bring every later one forward.
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[0]!).toBeGreaterThanOrEqual(i * 500 - SLACK);
  });
});

describe('new submissions waiting (batched per quest)', () => {
  it('tells the creator at once, then at most once every ten minutes, counting what is pending', async () => {
    const creator = await botMember();
    await t.db.transaction(async (tx) => mint(tx, (await getMemberWallet(tx, creator.user.id)).id, 100_000, 'test'));
    const q = await post(creator, '/tasks/', {
      title: 'Post your desk',
      description: 'Share a photo of your desk with the hashtag.',
      reward_amount: '5',
      task_type: 'post',
      hashtag: '#wyndesk',
    });
    expect(q.statusCode, q.body).toBe(201);
    const questId = (q.json() as { id: string }).id;
    const submit = async () => {
      const m = await createMember(t);
      expect((await post(m, `/tasks/${questId}/participate/`)).statusCode).toBe(201);
      expect((await post(m, `/tasks/${questId}/submit_proof/`, { proof_text: 'my desk' })).statusCode).toBe(200);
    };
    const toCreator = () => sends(new Set([creator.user.telegramId!]));

    await submit();
    await until('the first digest', () => toCreator().length === 1);
    expect(toCreator()[0]!.params.text).toBe(
      'New submissions to review\n1 submission is waiting for your review on "Post your desk".',
    );

    // Three more within the ten minutes: nothing now; one digest is waiting for the end of the ten minutes.
    await submit();
    await submit();
    await submit();
    await sleep(1500);
    expect(toCreator()).toHaveLength(1);
    const waiting = async () => {
      const { rows } = (await t.db.execute(
        sql`select extract(epoch from start_after - now())::int as wait from pgboss.job
            where name = 'bot-review-digest' and singleton_key = ${questId} and state = 'created'`,
      )) as unknown as { rows: { wait: number }[] };
      return rows;
    };
    const queued = await waiting();
    expect(queued).toHaveLength(1);
    expect(queued[0]!.wait).toBeGreaterThan(590);
    expect(queued[0]!.wait).toBeLessThanOrEqual(600);

    // Ten minutes later (the app's clock; the queued job's start brought forward): one message for all four.
    t.advance(10 * 60 * 1000);
    await t.db.execute(
      sql`update pgboss.job set start_after = now() where name = 'bot-review-digest' and singleton_key = ${questId} and state = 'created'`,
    );
    await until('the second digest', () => toCreator().length === 2);
    expect(toCreator()[1]!.params.text).toBe(
      'New submissions to review\n4 submissions are waiting for your review on "Post your desk".',
    );
    await sleep(1000);
    expect(toCreator()).toHaveLength(2);
  });
});
