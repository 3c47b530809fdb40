import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { clubRequests } from '../../../test/club-requests.ts';
import { notifications } from '../../db/schema/index.ts';
import { checkLedgerInvariants, getMemberWallet, mint } from './wallet.service.ts';

let t: TestApp;
type Member = Awaited<ReturnType<typeof createMember>>;
let alice: Member;
let bob: Member;
let carol: Member;
let aliceWallet: string;
beforeAll(async () => {
  t = await createTestApp();
  alice = await createMember(t, { firstName: 'Alice', lastName: 'Archer' });
  bob = await createMember(t, { firstName: 'Bob', lastName: 'Builder' });
  carol = await createMember(t, { firstName: 'Carol', lastName: 'Cook' });
  const w = await getMemberWallet(t.db, alice.user.id);
  aliceWallet = w.id;
  await t.db.transaction((tx) => mint(tx, w.id, 50_000, 'Starter grant'));
});
afterAll(() => t.close());

const balance = async (m: Member) => (await getMemberWallet(t.db, m.user.id)).balance;
const expectLedgerOk = async () => expect(await checkLedgerInvariants(t.db)).toEqual([]);
const { post, get } = clubRequests(() => t.app);

type Row = { id: string; transaction_type: string; amount: string; is_incoming: boolean; [k: string]: unknown };

describe('POST wallets/{id}/transfer/', () => {
  it('sends points to a member by username, notifies them and returns the transaction and balance', async () => {
    const [a, b] = [await balance(alice), await balance(bob)];
    const res = await post(alice, `/wallets/${aliceWallet}/transfer/`, {
      recipient: `@${bob.user.username}`,
      amount: '12.34',
      note: 'For the coffee',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.detail).toBe('You sent 12 W to Bob Builder.');
    expect(body.balance).toBe(((a - 1234) / 100).toFixed(2));
    expect(body.transaction).toMatchObject({
      transaction_type: 'internal_transfer',
      amount: '12.34',
      is_incoming: false,
      from_user: alice.user.id,
      to_user: bob.user.id,
      from_user_display_name: 'Alice Archer',
      to_user_display_name: 'Bob Builder',
      description: 'For the coffee',
    });
    expect(await balance(alice)).toBe(a - 1234);
    expect(await balance(bob)).toBe(b + 1234);
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, bob.user.id), eq(notifications.notificationType, 'transaction')));
    expect(note?.title).toBe('You received 12 W from Alice Archer');
    await expectLedgerOk();
  });

  it('sends by member id', async () => {
    const res = await post(alice, `/wallets/${aliceWallet}/transfer/`, { recipient: carol.user.id, amount: 5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().transaction.to_user).toBe(carol.user.id);
  });

  it('refuses bad amounts, yourself, unknown recipients, overdrafts and another member’s wallet', async () => {
    const before = await balance(alice);
    const url = `/wallets/${aliceWallet}/transfer/`;
    for (const amount of [0, -1, '1.234', 'abc', '0.00']) {
      const res = await post(alice, url, { recipient: bob.user.id, amount });
      expect(res.statusCode, String(amount)).toBe(400);
    }
    const self = await post(alice, url, { recipient: alice.user.id, amount: 1 });
    expect(self.statusCode).toBe(400);
    expect(self.json().detail).toBe('You cannot send points to yourself.');
    const unknown = await post(alice, url, { recipient: 'nobody_here_123', amount: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Recipient not found.');
    const broke = await post(alice, url, { recipient: bob.user.id, amount: 1_000_000 });
    expect(broke.statusCode).toBe(400);
    expect(broke.json().detail).toMatch(/^Insufficient Points\. You need 1000000 W points, but you only have \d+\.$/);
    const extra = await post(alice, url, { recipient: bob.user.id, amount: 1, from_wallet: 'x' });
    expect(extra.statusCode).toBe(400);
    const theft = await post(bob, url, { recipient: bob.user.id, amount: 1 });
    expect(theft.statusCode).toBe(403);
    const nowhere = await post(bob, '/wallets/00000000-0000-4000-8000-000000000000/transfer/', {
      recipient: alice.user.id,
      amount: 1,
    });
    expect(nowhere.statusCode).toBe(404);
    expect(await balance(alice)).toBe(before);
    await expectLedgerOk();
  });

  it('honours Idempotency-Key', async () => {
    const before = await balance(alice);
    const h = { 'idempotency-key': 'send-once-1' };
    const url = `/wallets/${aliceWallet}/transfer/`;
    const first = await post(alice, url, { recipient: bob.user.id, amount: 3 }, h);
    const second = await post(alice, url, { recipient: bob.user.id, amount: 3 }, h);
    expect(first.statusCode).toBe(200);
    expect(second.json().transaction.id).toBe(first.json().transaction.id);
    expect(await balance(alice)).toBe(before - 300);
  });
});

describe('GET wallets/{id}/transactions/ and transactions/', () => {
  it('lists only the own wallet: 403 for another member’s, 404 for an unknown one, 400 for a bad id', async () => {
    expect((await get(bob, `/wallets/${aliceWallet}/transactions/`)).statusCode).toBe(403);
    expect((await get(bob, '/wallets/00000000-0000-4000-8000-000000000000/transactions/')).statusCode).toBe(404);
    expect((await get(bob, '/wallets/nope/transactions/')).statusCode).toBe(400);
  });

  it('pages, orders, searches and filters by type, direction and scope', async () => {
    // Alice creates a perk, Bob redeems it: a perk_redemption into Alice's wallet.
    const perk = await post(alice, '/perks/', {
      title: 'Alice studio pass',
      description: 'A day in the studio with Alice.',
      cost_amount: '20',
      perk_type: 'event_invitation',
      event_details: 'Studio 4',
    });
    expect(perk.statusCode, perk.body).toBe(201);
    expect((await post(bob, `/perks/${perk.json().id}/redeem/`)).statusCode).toBe(200);

    const all = await get(alice, `/wallets/${aliceWallet}/transactions/?page_size=100`);
    expect(all.statusCode, all.body).toBe(200);
    const rows = all.json().results as Row[];
    expect(all.json().count).toBe(rows.length);
    const types = rows.map((r) => r.transaction_type);
    expect(types).toContain('system_reward');
    expect(types).toContain('internal_transfer');
    expect(types).toContain('perk_redemption');
    const times = rows.map((r) => Date.parse(r.created_at as string));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    const welcome = rows.find((r) => r.description === 'Starter grant')!;
    expect(welcome).toMatchObject({ is_incoming: true, from_user: null, to_user: alice.user.id });
    expect(welcome.from_user_display_name).toBe(t.config.productName);
    const redemption = rows.find((r) => r.transaction_type === 'perk_redemption')!;
    expect(redemption).toMatchObject({
      is_incoming: true,
      related_entity_type: 'perk',
      related_entity_id: perk.json().id,
      related_entity_title: 'Alice studio pass',
      from_user_display_name: 'Bob Builder',
    });

    const byAmount = (await get(alice, `/wallets/${aliceWallet}/transactions/?ordering=-amount&page_size=100`)).json()
      .results as Row[];
    const amounts = byAmount.map((r) => Number(r.amount));
    expect([...amounts].sort((x, y) => y - x)).toEqual(amounts);
    const asc = (await get(alice, `/wallets/${aliceWallet}/transactions/?ordering=amount&page_size=100`)).json()
      .results as Row[];
    expect(asc.map((r) => Number(r.amount))).toEqual([...amounts].reverse());

    const page1 = (await get(alice, `/wallets/${aliceWallet}/transactions/?page_size=2`)).json();
    expect(page1.results).toHaveLength(2);
    expect(page1.next).toContain('page=2');
    expect(page1.previous).toBeNull();

    const q = (s: string) => get(alice, `/wallets/${aliceWallet}/transactions/?page_size=100&${s}`);
    const only = async (s: string) => ((await q(s)).json().results as Row[]).map((r) => r.transaction_type);
    expect(new Set(await only('transaction_type=perk_redemption'))).toEqual(new Set(['perk_redemption']));
    expect(new Set(await only('transaction_type=other'))).toEqual(new Set(['system_reward', 'internal_transfer']));
    expect(new Set(await only('scope=my_perks'))).toEqual(new Set(['perk_redemption']));
    expect(await only('scope=my_quests')).toEqual([]);
    expect((await q('direction=outgoing')).json().results.every((r: Row) => !r.is_incoming)).toBe(true);
    expect((await q('search=studio%20pass')).json().results.map((r: Row) => r.id)).toEqual([redemption.id]);
    expect((await q('search=builder')).json().count).toBeGreaterThanOrEqual(2);
    expect((await q('search=coffee')).json().results.map((r: Row) => r.description)).toEqual(['For the coffee']);
    expect((await q('transaction_type=bogus')).statusCode).toBe(400);
    expect((await q('page_size=101')).statusCode).toBe(400);

    // Bob's side: his redemption is outgoing; transactions/ is his own history, 10 per page by default.
    const mine = await get(bob, '/transactions/');
    expect(mine.statusCode).toBe(200);
    const bobRows = mine.json().results as Row[];
    expect(bobRows[0]).toMatchObject({ transaction_type: 'perk_redemption', is_incoming: false });
    expect(bobRows.length).toBeLessThanOrEqual(10);
    expect(JSON.stringify(mine.json())).not.toContain('Studio 4');
  });

  it('scope=my_quests shows stake/unstake and the rewards paid for my quests', async () => {
    const q = await post(carol, '/tasks/', {
      title: 'Follow Carol kitchen',
      description: 'Follow the kitchen account and send your handle.',
      reward_amount: '10',
      task_type: 'follow',
      social_platform: '@carol.kitchen',
      max_participants: 2,
    });
    expect(q.statusCode, q.body).toBe(201);
    const w = await getMemberWallet(t.db, carol.user.id);
    const res = await get(carol, `/wallets/${w.id}/transactions/?scope=my_quests`);
    expect(res.statusCode).toBe(200);
    const rows = res.json().results as Row[];
    expect(rows.map((r) => r.transaction_type)).toEqual(['stake']);
    expect(rows[0]).toMatchObject({
      related_entity_title: 'Follow Carol kitchen',
      to_user_display_name: 'Quest escrow',
    });
    await expectLedgerOk();
  });
});
