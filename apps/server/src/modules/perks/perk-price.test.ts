import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { clubRequests } from '../../../test/club-requests.ts';
import { perkRedemptions, perks } from '../../db/schema/index.ts';
import { checkLedgerInvariants, getMemberWallet } from '../wallet/wallet.service.ts';

let t: TestApp;
type Member = Awaited<ReturnType<typeof createMember>>;
let creator: Member;
let member: Member;
beforeAll(async () => {
  t = await createTestApp();
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
});
