import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PERK_MSG } from '@wyn/contract';
import { createTestApp, usingPostgres, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { keptAnswers } from '../../../test/kept-answers.ts';
import { perkRedemptionFixture } from '../../../test/perk-redemptions.ts';
import { holdWhile, someoneWaitsForALock } from '../../../test/row-locks.ts';
import { idempotencyRecords, perkRedemptions, perks, wallets } from '../../db/schema/index.ts';
import { keyedStatement } from '../../lib/idempotency.ts';
import { violatedUniqueIndex } from '../../lib/unique-violation.ts';
import { checkLedgerInvariants, getMemberWallet, moveInOneStatement } from '../wallet/wallet.service.ts';
import { perkRedemption } from './perk-redemption.service.ts';

/**
 * Under Idempotency-Keys, the attempts at one perk that wait at the same moment are redeemed by ONE statement (issue
 * #17, decision 0022): a flash sale's successes lock the perk's and the creator's rows once per batch. Each member
 * must still get exactly what one statement of their own would have given them.
 */
describe('redeeming together the attempts that wait at one perk', () => {
  let t: TestApp;
  type Member = Awaited<ReturnType<typeof createMember>>;
  let creator: Member;
  const fixture = perkRedemptionFixture(() => t);
  const createPerk = (extra?: Record<string, unknown>) => fixture.createPerk(creator, extra);
  const { opts } = fixture;
  const keyOf = (m: Member) => `together-${m.user.id}`;
  const recordOf = (m: Member, perkId: string) => fixture.record(m, perkId, keyOf(m));
  /** Each member's read first, then every redemption in the same turn: they wait for each other. */
  const redeemAtOnce = async (perkId: string, members: Member[]) => {
    const redemptions = members.map((m) => perkRedemption(t.db, perkId, m.user.id, opts()));
    for (const r of redemptions) expect(await r.refuseEarly(undefined)).toBeUndefined();
    return Promise.all(
      redemptions.map((r, i) =>
        r.alone(keyedStatement(t.db, recordOf(members[i]!, perkId))).catch((err: unknown) => err),
      ),
    );
  };
  const members = async (n: number) => {
    const all: Member[] = [];
    for (let i = 0; i < n; i++) all.push(await createMember(t));
    return all;
  };
  type Answer = { balance: string; perk: { purchased_count: number; max_participants: number | null } };
  const answerOf = (e: unknown) => (e as { body: Answer }).body;
  /** How many transactions wrote the perk's redemption rows. */
  const writers = async (perkId: string) => {
    const { rows } = (await t.db.execute(sql`select count(distinct xmin::text)::int as n
      from ${perkRedemptions} where perk_id = ${perkId}::uuid`)) as unknown as { rows: Array<{ n: number }> };
    return rows[0]!.n;
  };

  beforeAll(async () => {
    t = await createTestApp();
    creator = await createMember(t);
  });
  afterAll(() => t.close());

  it('redeems them in one statement, each member told the stock as their own redemption left it', async () => {
    const perkId = await createPerk({ max_participants: 8 });
    const all = await members(6);
    const creatorBefore = (await getMemberWallet(t.db, creator.user.id)).balance;
    const effects = await redeemAtOnce(perkId, all);
    expect(await writers(perkId)).toBe(1);
    const bodies = effects.map(answerOf);
    for (const [i, e] of effects.entries()) {
      expect(e).toMatchObject({ status: 200 });
      expect(bodies[i]).toMatchObject({ balance: '89.95', perk: { is_redeemed: true, max_participants: 8 } });
      expect(await keptAnswers(t.db, all[i]!.user.id, keyOf(all[i]!))).toEqual([{ status: 200, body: bodies[i] }]);
      expect((await getMemberWallet(t.db, all[i]!.user.id)).balance).toBe(8995);
    }
    // In the order they came, as if one after another.
    expect(bodies.map((b) => b.perk.purchased_count)).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await getMemberWallet(t.db, creator.user.id)).balance).toBe(creatorBefore + 6 * 1005);
    const [perk] = await t.db.select().from(perks).where(eq(perks.id, perkId));
    expect(perk!.purchasedCount).toBe(6);
    const { rows: events } = (await t.db.execute(sql`select count(*)::int as n from outbox_events
      where type = 'perk.redeemed' and payload->>'perkId' = ${perkId}`)) as unknown as { rows: Array<{ n: number }> };
    expect(events[0]!.n).toBe(6);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('takes only the stock left, in the order they came; the rest are kept as Out of Stock', async () => {
    const perkId = await createPerk({ max_participants: 3 });
    const all = await members(5);
    const effects = await redeemAtOnce(perkId, all);
    expect(effects.map((e) => (e as { status: number }).status)).toEqual([200, 200, 200, 409, 409]);
    expect(effects[4]).toEqual({ status: 409, body: { detail: PERK_MSG.outOfStock, code: 'out_of_stock' } });
    for (const [i, m] of all.entries()) expect(await keptAnswers(t.db, m.user.id, keyOf(m))).toEqual([effects[i]]);
    expect((await getMemberWallet(t.db, all[4]!.user.id)).balance).toBe(10_000);
    expect(await writers(perkId)).toBe(1);
    const [perk] = await t.db.select().from(perks).where(eq(perks.id, perkId));
    expect(perk!.purchasedCount).toBe(3);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('passes over a member whose points went since the read, and redeems the others (no stock limit)', async () => {
    const perkId = await createPerk();
    const all = await members(4);
    const redemptions = all.map((m) => perkRedemption(t.db, perkId, m.user.id, opts()));
    for (const r of redemptions) await r.refuseEarly(undefined);
    // Spent elsewhere between the read and the statement.
    await moveInOneStatement(t.db, {
      fromWalletId: (await getMemberWallet(t.db, all[1]!.user.id)).id,
      toWalletId: (await getMemberWallet(t.db, creator.user.id)).id,
      amountCents: 9_500,
      type: 'internal_transfer',
      description: 'Spent between the read and the redemption',
    });
    const effects = await Promise.all(
      redemptions.map((r, i) => r.alone(keyedStatement(t.db, recordOf(all[i]!, perkId)))),
    );
    // Too few points: left to the usual transaction, which refuses it with the balance then.
    expect(effects[1]).toBeUndefined();
    expect(await keptAnswers(t.db, all[1]!.user.id, keyOf(all[1]!))).toEqual([]);
    expect(effects.filter((e) => e?.status === 200)).toHaveLength(3);
    expect([effects[0], effects[2], effects[3]].map((e) => answerOf(e).perk.purchased_count)).toEqual([1, 2, 3]);
    expect(answerOf(effects[3]).perk.max_participants).toBeNull();
    expect(await writers(perkId)).toBe(1);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('when one key is taken already, that one fails alone and the others are redeemed', async () => {
    const perkId = await createPerk({ max_participants: 10 });
    const all = await members(4);
    await t.db.insert(idempotencyRecords).values({ ...recordOf(all[2]!, perkId), requestHash: 'another' });
    const effects = await redeemAtOnce(perkId, all);
    expect(violatedUniqueIndex(effects[2])).toBe('idempotency_records_scope_uq');
    for (const i of [0, 1, 3]) expect(effects[i]).toMatchObject({ status: 200 });
    expect((await getMemberWallet(t.db, all[2]!.user.id)).balance).toBe(10_000);
    const redeemed = await t.db.select().from(perkRedemptions).where(eq(perkRedemptions.perkId, perkId));
    expect(redeemed.map((r) => r.userId).sort()).toEqual([all[0]!, all[1]!, all[3]!].map((m) => m.user.id).sort());
    const [perk] = await t.db.select().from(perks).where(eq(perks.id, perkId));
    expect(perk!.purchasedCount).toBe(3);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it.runIf(usingPostgres)(
    'passes over a member whose points are spent while the statement waits for their wallet (PostgreSQL)',
    async () => {
      const perkId = await createPerk({ max_participants: 10 });
      const all = await members(3);
      const spender = await getMemberWallet(t.db, all[1]!.user.id);
      const payee = await getMemberWallet(t.db, creator.user.id);
      const redemptions = all.map((m) => perkRedemption(t.db, perkId, m.user.id, opts()));
      for (const r of redemptions) expect(await r.refuseEarly(undefined)).toBeUndefined();
      // Both wallets the spending moves, locked in id order as every move locks them.
      const held = holdWhile(t.db, (tx) =>
        tx.execute(sql`select id from ${wallets} where id in (${spender.id}::uuid, ${payee.id}::uuid)
          order by id for update`),
      );
      await held.isLocked;
      const effects = Promise.all(redemptions.map((r, i) => r.alone(keyedStatement(t.db, recordOf(all[i]!, perkId)))));
      await someoneWaitsForALock(t.db);
      await held.commit((tx) =>
        moveInOneStatement(tx, {
          fromWalletId: spender.id,
          toWalletId: payee.id,
          amountCents: 9_500,
          type: 'internal_transfer',
          description: 'Spent while the redemption waited',
        }),
      );
      const [first, spent, third] = await effects;
      expect(spent).toBeUndefined();
      expect(await keptAnswers(t.db, all[1]!.user.id, keyOf(all[1]!))).toEqual([]);
      expect([answerOf(first).perk.purchased_count, answerOf(third).perk.purchased_count]).toEqual([1, 2]);
      expect((await getMemberWallet(t.db, all[1]!.user.id)).balance).toBe(500);
      expect(await writers(perkId)).toBe(1);
      expect(await checkLedgerInvariants(t.db)).toEqual([]);
    },
  );

  it.runIf(usingPostgres)(
    'takes the stock as it is when the perk, lowered while the statement waits for it, is free again (PostgreSQL)',
    async () => {
      const perkId = await createPerk({ max_participants: 10 });
      const all = await members(3);
      const redemptions = all.map((m) => perkRedemption(t.db, perkId, m.user.id, opts()));
      for (const r of redemptions) expect(await r.refuseEarly(undefined)).toBeUndefined();
      const held = holdWhile(t.db, (tx) =>
        tx.execute(sql`select id from ${perks} where id = ${perkId}::uuid for update`),
      );
      await held.isLocked;
      const effects = Promise.all(redemptions.map((r, i) => r.alone(keyedStatement(t.db, recordOf(all[i]!, perkId)))));
      await someoneWaitsForALock(t.db);
      await held.commit((tx) => tx.update(perks).set({ maxParticipants: 1 }).where(eq(perks.id, perkId)));
      const results = await effects;
      expect(results.map((e) => e?.status)).toEqual([200, 409, 409]);
      expect(answerOf(results[0]).perk).toMatchObject({ purchased_count: 1, max_participants: 1 });
      expect(results[2]).toEqual({ status: 409, body: { detail: PERK_MSG.outOfStock, code: 'out_of_stock' } });
      const [perk] = await t.db.select().from(perks).where(eq(perks.id, perkId));
      expect(perk!.purchasedCount).toBe(1);
      for (const m of all.slice(1)) expect((await getMemberWallet(t.db, m.user.id)).balance).toBe(10_000);
      expect(await checkLedgerInvariants(t.db)).toEqual([]);
    },
  );
});
