import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, usingPostgres, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { statusCounts } from '../../../test/status-counts.ts';
import { keptAnswers } from '../../../test/kept-answers.ts';
import { perkRedemptions, perks, transactions, wallets } from '../../db/schema/index.ts';
import { checkLedgerInvariants, getMemberWallet } from '../wallet/wallet.service.ts';

/**
 * Races (docs/architecture.md, Tests: PostgreSQL only; PGlite runs one transaction at a time). Every member starts with the
 * welcome bonus (100 W), so a perk costing 60 W can be afforded once.
 */
describe.runIf(usingPostgres)('perk and wallet races (PostgreSQL)', () => {
  let t: TestApp;
  type Member = Awaited<ReturnType<typeof createMember>>;
  let creator: Member;
  beforeAll(async () => {
    t = await createTestApp({ poolSize: 50 });
    creator = await createMember(t);
  });
  afterAll(() => t.close());

  const api = '/api/v1/club';
  const createPerk = async (extra: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${api}/perks/`,
      headers: creator.auth,
      payload: {
        title: 'Flash sale perk',
        description: 'Only a few of these are available.',
        cost_amount: '60',
        perk_type: 'discount_code',
        discount_code: 'FLASH',
        ...extra,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const redeem = (m: Member, id: string) =>
    t.app.inject({ method: 'POST', url: `${api}/perks/${id}/redeem/`, headers: m.auth });

  it('200 members redeeming a perk with 10 left: exactly 10 succeed, the rest get Out of Stock', async () => {
    const id = await createPerk({ max_participants: 10 });
    const members: Member[] = [];
    for (let i = 0; i < 200; i++) members.push(await createMember(t));
    const creatorBefore = (await getMemberWallet(t.db, creator.user.id)).balance;
    const results = await Promise.all(members.map((m) => redeem(m, id)));
    expect(statusCounts(results)).toEqual({ 200: 10, 409: 190 });
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().detail).toMatch(/^Out of Stock/);
    }
    const [row] = await t.db.select().from(perks).where(eq(perks.id, id));
    expect(row!.purchasedCount).toBe(10);
    expect(await t.db.select().from(perkRedemptions).where(eq(perkRedemptions.perkId, id))).toHaveLength(10);
    const creatorAfter = (await getMemberWallet(t.db, creator.user.id)).balance;
    expect(creatorAfter - creatorBefore).toBe(10 * 6000);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  }, 120_000);

  it('200 members under Idempotency-Keys, 10 left: exactly 10, each key keeping what its member was sent', async () => {
    const id = await createPerk({ max_participants: 10 });
    const members: Member[] = [];
    for (let i = 0; i < 200; i++) members.push(await createMember(t));
    const results = await Promise.all(
      members.map((m) =>
        t.app.inject({
          method: 'POST',
          url: `${api}/perks/${id}/redeem/`,
          headers: { ...m.auth, 'idempotency-key': `flash-${m.user.id}` },
        }),
      ),
    );
    expect(statusCounts(results)).toEqual({ 200: 10, 409: 190 });
    const counts = results.filter((r) => r.statusCode === 200).map((r) => r.json().perk.purchased_count as number);
    expect(counts.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const [i, r] of results.entries()) {
      if (r.statusCode === 409) expect(r.json().detail).toMatch(/^Out of Stock/);
      const kept = await keptAnswers(t.db, members[i]!.user.id, `flash-${members[i]!.user.id}`);
      expect(kept).toEqual([{ status: r.statusCode, body: r.json() }]);
    }
    const [row] = await t.db.select().from(perks).where(eq(perks.id, id));
    expect(row!.purchasedCount).toBe(10);
    expect(await t.db.select().from(perkRedemptions).where(eq(perkRedemptions.perkId, id))).toHaveLength(10);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  }, 120_000);

  it('one member redeeming the same perk 10 times at once is charged once', async () => {
    const id = await createPerk({});
    const m = await createMember(t);
    const before = (await getMemberWallet(t.db, m.user.id)).balance;
    const results = await Promise.all(Array.from({ length: 10 }, () => redeem(m, id)));
    expect(statusCounts(results)).toEqual({ 200: 1, 409: 9 });
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().detail).toBe('You have already redeemed this perk.');
    expect((await getMemberWallet(t.db, m.user.id)).balance).toBe(before - 6000);
    const [row] = await t.db.select().from(perks).where(eq(perks.id, id));
    expect(row!.purchasedCount).toBe(1);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  }, 60_000);

  it('transfers racing redemptions never take a balance below zero', async () => {
    // Each of 20 members has 100 W; each at once redeems a 60 W perk and sends 60 W to a friend: only one
    // of the two can succeed for each member (unless the friend's incoming transfer lands first).
    const id = await createPerk({});
    const members: Member[] = [];
    for (let i = 0; i < 20; i++) members.push(await createMember(t));
    const walletsOf = await Promise.all(members.map((m) => getMemberWallet(t.db, m.user.id)));
    const calls = members.flatMap((m, i) => [
      redeem(m, id),
      t.app.inject({
        method: 'POST',
        url: `${api}/wallets/${walletsOf[i]!.id}/transfer/`,
        headers: m.auth,
        payload: { recipient: members[(i + 1) % members.length]!.user.id, amount: 60 },
      }),
    ]);
    const results = await Promise.all(calls);
    for (const r of results) expect([200, 400], r.body).toContain(r.statusCode);
    const refused = results.filter((r) => r.statusCode === 400);
    for (const r of refused) expect(r.json().detail).toMatch(/^Insufficient Points/);
    const rows = await t.db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.kind, 'member'));
    expect(rows.every((w) => w.balance >= 0)).toBe(true);
    const txs = await t.db.select().from(transactions);
    expect(txs.length).toBeGreaterThan(0);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  }, 60_000);
});
