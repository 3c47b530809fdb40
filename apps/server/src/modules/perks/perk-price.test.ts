import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, usingPostgres, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { clubRequests } from '../../../test/club-requests.ts';
import { perkRedemptions, perks } from '../../db/schema/index.ts';
import { checkLedgerInvariants, getMemberWallet } from '../wallet/wallet.service.ts';

let t: TestApp;
type Member = Awaited<ReturnType<typeof createMember>>;
let creator: Member;
let member: Member;
beforeAll(async () => {
  t = await createTestApp({ poolSize: 30 });
  creator = await createMember(t);
  member = await createMember(t);
});
afterAll(() => t.close());

const { post, patch } = clubRequests(() => t.app);
const balance = async (m: Member) => (await getMemberWallet(t.db, m.user.id)).balance;
const redemptionsOf = (perkId: string, m: Member) =>
  t.db
    .select()
    .from(perkRedemptions)
    .where(and(eq(perkRedemptions.perkId, perkId), eq(perkRedemptions.userId, m.user.id)));

async function createPerk(cost: string) {
  const res = await post(creator, '/perks/', {
    title: 'Studio pass',
    description: 'A day in the studio with the crew.',
    cost_amount: cost,
    perk_type: 'event_invitation',
    event_details: 'Studio 4',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

describe('POST perks/{id}/redeem/ with expected_cost (price agreed before paying)', () => {
  it('charges when the agreed price is the current one', async () => {
    const id = await createPerk('20');
    const before = await balance(member);
    const res = await post(member, `/perks/${id}/redeem/`, { expected_cost: '20.00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balance(member)).toBe(before - 2000);
  });

  it('a price raised after the member saw it: 409 price_changed with the new price, nothing charged', async () => {
    const id = await createPerk('20');
    const edited = await patch(creator, `/perks/${id}/`, { cost_amount: '30' });
    expect(edited.statusCode, edited.body).toBe(200);
    const before = await balance(member);
    const res = await post(member, `/perks/${id}/redeem/`, { expected_cost: '20' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({ detail: 'The price changed to 30 W', code: 'price_changed', cost_amount: '30.00' });
    expect(await balance(member)).toBe(before);
    expect(await redemptionsOf(id, member)).toHaveLength(0);
    const [row] = await t.db.select().from(perks).where(eq(perks.id, id));
    expect(row!.purchasedCount).toBe(0);

    // The member confirms the new price: charged the new price once.
    const again = await post(member, `/perks/${id}/redeem/`, { expected_cost: '30' });
    expect(again.statusCode, again.body).toBe(200);
    expect(await balance(member)).toBe(before - 3000);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('a price lowered is refused too (the member agrees to what is charged), and a replayed key keeps the 409', async () => {
    const id = await createPerk('20');
    await patch(creator, `/perks/${id}/`, { cost_amount: '5' });
    const before = await balance(member);
    const h = { 'idempotency-key': `price-${id}` };
    const res = await post(member, `/perks/${id}/redeem/`, { expected_cost: '20' }, h);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().cost_amount).toBe('5.00');
    const replay = await post(member, `/perks/${id}/redeem/`, { expected_cost: '20' }, h);
    expect(replay.statusCode).toBe(409);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await balance(member)).toBe(before);
    expect(await redemptionsOf(id, member)).toHaveLength(0);
  });

  it('without expected_cost the redeem works as before; a malformed one is 400', async () => {
    const id = await createPerk('10');
    const bad = await post(member, `/perks/${id}/redeem/`, { expected_cost: 'ten' });
    expect(bad.statusCode, bad.body).toBe(400);
    const extra = await post(member, `/perks/${id}/redeem/`, { cost: '10' });
    expect(extra.statusCode, extra.body).toBe(400);
    const res = await post(member, `/perks/${id}/redeem/`);
    expect(res.statusCode, res.body).toBe(200);
  });

  it.runIf(usingPostgres)(
    'price edits racing redemptions (PostgreSQL): each member pays the price they agreed to, or nothing',
    async () => {
      const id = await createPerk('20');
      const members = await Promise.all(Array.from({ length: 12 }, () => createMember(t)));
      const before = await Promise.all(members.map(balance));
      const prices = ['30', '20', '40', '20', '30', '20'];
      const [answers] = await Promise.all([
        Promise.all(members.map((m) => post(m, `/perks/${id}/redeem/`, { expected_cost: '20' }))),
        (async () => {
          for (const cost of prices) {
            const r = await patch(creator, `/perks/${id}/`, { cost_amount: cost });
            expect(r.statusCode, r.body).toBe(200);
          }
        })(),
      ]);
      const after = await Promise.all(members.map(balance));
      answers.forEach((res, i) => {
        if (res.statusCode === 200) expect(before[i]! - after[i]!, res.body).toBe(2000);
        else {
          expect(res.statusCode, res.body).toBe(409);
          expect(['price_changed', 'conflict']).toContain(res.json().code);
          expect(after[i]).toBe(before[i]);
        }
      });
      const [row] = await t.db.select().from(perks).where(eq(perks.id, id));
      expect(row!.purchasedCount).toBe(answers.filter((r) => r.statusCode === 200).length);
      expect(await checkLedgerInvariants(t.db)).toEqual([]);
    },
  );
});

describe('redeem refusals decided before the transaction, under an Idempotency-Key', () => {
  it('out of stock is kept as the key’s answer: replayed after a restock, while a new key redeems', async () => {
    const res = await post(creator, '/perks/', {
      title: 'One left',
      description: 'A single seat at the studio table.',
      cost_amount: '5',
      perk_type: 'event_invitation',
      event_details: 'Studio 1',
      max_participants: 1,
    });
    const id = res.json().id as string;
    const first = await createMember(t);
    expect((await post(first, `/perks/${id}/redeem/`)).statusCode).toBe(200);
    const key = { 'idempotency-key': `sold-out-${id}` };
    const before = await balance(member);
    const refused = await post(member, `/perks/${id}/redeem/`, {}, key);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ detail: 'Out of Stock', code: 'out_of_stock' });
    expect((await patch(creator, `/perks/${id}/`, { max_participants: 2 })).statusCode).toBe(200);
    const replay = await post(member, `/perks/${id}/redeem/`, {}, key);
    expect(replay.statusCode).toBe(409);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(refused.json());
    // The same key with another body is another request: refused as a reused key, not replayed.
    const other = await post(member, `/perks/${id}/redeem/`, { expected_cost: '5' }, key);
    expect(other.statusCode, other.body).toBe(422);
    expect(await balance(member)).toBe(before);
    const fresh = await post(member, `/perks/${id}/redeem/`, {}, { 'idempotency-key': `restocked-${id}` });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(await balance(member)).toBe(before - 500);
    // A key whose redemption succeeded replays it, although the member would now be refused (already redeemed).
    const again = await post(member, `/perks/${id}/redeem/`, {}, { 'idempotency-key': `restocked-${id}` });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await redemptionsOf(id, member)).toHaveLength(1);
  });

  it('a changed price is kept as the key’s answer with the price, and without a key it is answered as before', async () => {
    const id = await createPerk('20');
    await patch(creator, `/perks/${id}/`, { cost_amount: '25' });
    const key = { 'idempotency-key': `price-early-${id}` };
    const refused = await post(member, `/perks/${id}/redeem/`, { expected_cost: '20' }, key);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: 'The price changed to 25 W',
      code: 'price_changed',
      cost_amount: '25.00',
    });
    await patch(creator, `/perks/${id}/`, { cost_amount: '20' });
    const replay = await post(member, `/perks/${id}/redeem/`, { expected_cost: '20' }, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(refused.json());
    const unkeyed = await post(member, `/perks/${id}/redeem/`, { expected_cost: '30' });
    expect(unkeyed.statusCode).toBe(409);
    expect(unkeyed.json().cost_amount).toBe('20.00');
    expect(await redemptionsOf(id, member)).toHaveLength(0);
  });
});
