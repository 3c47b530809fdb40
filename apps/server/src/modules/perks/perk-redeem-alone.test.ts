import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { centsToAmount, PERK_MSG } from '@wyn/contract';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { clubRequests } from '../../../test/club-requests.ts';
import { keptAnswers } from '../../../test/kept-answers.ts';
import { perkRedemptionFixture } from '../../../test/perk-redemptions.ts';
import type { DbOrTx } from '../../db/client.ts';
import { idempotencyRecords, perkRedemptions, perks } from '../../db/schema/index.ts';
import { keyedStatement } from '../../lib/idempotency.ts';
import { violatedUniqueIndex } from '../../lib/unique-violation.ts';
import { amountSql, checkLedgerInvariants, getMemberWallet, mint } from '../wallet/wallet.service.ts';
import { perkRedemption } from './perk-redemption.service.ts';

/**
 * A redemption under an Idempotency-Key is written as ONE statement outside any transaction, the key's answer with
 * it (issue #17, flash sale): the perk's and the creator's rows are locked for that statement only. The answer the
 * key keeps is made in SQL from a template, so it must be exactly what the member was sent.
 */
describe('redeeming under an Idempotency-Key in one statement', () => {
  let t: TestApp;
  type Member = Awaited<ReturnType<typeof createMember>>;
  let creator: Member;
  const { post } = clubRequests(() => t.app);
  const kept = (m: Member, key: string) => keptAnswers(t.db, m.user.id, key);
  const fixture = perkRedemptionFixture(() => t);
  const createPerk = (extra?: Record<string, unknown>) => fixture.createPerk(creator, extra);
  const { opts, record } = fixture;
  /** A handle on the test database that fails the test if a transaction is opened on it. */
  const noTransactions = () =>
    new Proxy(t.db, {
      get(target, name, receiver) {
        if (name === 'transaction') throw new Error('a transaction was opened');
        return Reflect.get(target, name, receiver) as unknown;
      },
    }) as DbOrTx;

  beforeAll(async () => {
    t = await createTestApp();
    creator = await createMember(t);
  });
  afterAll(() => t.close());

  it('keeps exactly the answer it sent (stock, time, balance with hundredths), and replays it', async () => {
    for (const extra of [{ max_participants: 3 }, {}]) {
      const perkId = await createPerk(extra);
      const m = await createMember(t);
      const res = await post(m, `/perks/${perkId}/redeem/`, {}, { 'idempotency-key': `odd-${perkId}` });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.balance).toBe('89.95');
      expect(body.perk).toMatchObject({ purchased_count: 1, is_redeemed: true });
      expect(body.perk.max_participants).toBe(extra.max_participants ?? null);
      expect(body.perk.redeemed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(await kept(m, `odd-${perkId}`)).toEqual([{ status: 200, body }]);
      const again = await post(m, `/perks/${perkId}/redeem/`, {}, { 'idempotency-key': `odd-${perkId}` });
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toBe(res.body);
      // The member's own view of the perk says the same as the answer.
      const [row] = await t.db.select().from(perkRedemptions).where(eq(perkRedemptions.perkId, perkId));
      expect(new Date(body.perk.redeemed_at).getTime()).toBe(row!.redeemedAt.getTime());
    }
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('redeems and keeps the answer without opening a transaction', async () => {
    const perkId = await createPerk({ max_participants: 5 });
    const m = await createMember(t);
    const db = noTransactions();
    const redemption = perkRedemption(db, perkId, m.user.id, opts());
    expect(await redemption.refuseEarly(undefined)).toBeUndefined();
    // Changed since the read, and not what the statement checks: the answer says what it found.
    const wallet = await getMemberWallet(t.db, m.user.id);
    await t.db.transaction((tx) => mint(tx, wallet.id, 100, 'A gift between the read and the redemption'));
    await t.db.update(perks).set({ maxParticipants: 6 }).where(eq(perks.id, perkId));
    const effect = await redemption.alone(keyedStatement(db, record(m, perkId, 'alone')));
    expect(effect?.status).toBe(200);
    expect(effect?.body).toMatchObject({ balance: '90.95', perk: { max_participants: 6, purchased_count: 1 } });
    expect(await kept(m, 'alone')).toEqual([{ status: 200, body: effect!.body }]);
    const [perk] = await t.db.select().from(perks).where(eq(perks.id, perkId));
    expect(perk!.purchasedCount).toBe(1);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('writes nothing at all when the key is taken already: the redemption and the key are one statement', async () => {
    const perkId = await createPerk({ max_participants: 5 });
    const m = await createMember(t);
    const before = (await getMemberWallet(t.db, m.user.id)).balance;
    // Another request under the same key, still running (its answer not yet written).
    await t.db.insert(idempotencyRecords).values({ ...record(m, perkId, 'taken'), requestHash: 'another' });
    const redemption = perkRedemption(t.db, perkId, m.user.id, opts());
    await redemption.refuseEarly(undefined);
    const err = await redemption.alone(keyedStatement(t.db, record(m, perkId, 'taken'))).catch((e: unknown) => e);
    expect(violatedUniqueIndex(err)).toBe('idempotency_records_scope_uq');
    expect((await getMemberWallet(t.db, m.user.id)).balance).toBe(before);
    expect(await t.db.select().from(perkRedemptions).where(eq(perkRedemptions.perkId, perkId))).toEqual([]);
    const [perk] = await t.db.select().from(perks).where(eq(perks.id, perkId));
    expect(perk!.purchasedCount).toBe(0);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('when the stock went since the read, keeps Out of Stock in one more statement', async () => {
    const perkId = await createPerk({ max_participants: 1 });
    const m = await createMember(t);
    const redemption = perkRedemption(noTransactions(), perkId, m.user.id, opts());
    await redemption.refuseEarly(undefined);
    // Someone else takes the last one between the read and the statement.
    expect((await post(await createMember(t), `/perks/${perkId}/redeem/`)).statusCode).toBe(200);
    const effect = await redemption.alone(keyedStatement(t.db, record(m, perkId, 'late')));
    expect(effect).toEqual({ status: 409, body: { detail: PERK_MSG.outOfStock, code: 'out_of_stock' } });
    expect(await kept(m, 'late')).toEqual([{ status: 409, body: effect!.body }]);
  });

  it('after the last one is sold, refuses an attempt that read stock left without the redemption statement', async () => {
    const perkId = await createPerk({ max_participants: 1 });
    const m = await createMember(t);
    // The handle the redemption runs its statements on: usable for the read, then out of bounds.
    let usable = true;
    const db = new Proxy(t.db, {
      get(target, name, receiver) {
        if (!usable) throw new Error(`the redemption's handle was used (${String(name)})`);
        return Reflect.get(target, name, receiver) as unknown;
      },
    });
    const redemption = perkRedemption(db, perkId, m.user.id, opts());
    expect(await redemption.refuseEarly(undefined)).toBeUndefined();
    usable = false;
    // Another member takes the last one after that read: the process that sold it knows it is gone.
    expect((await post(await createMember(t), `/perks/${perkId}/redeem/`)).statusCode).toBe(200);
    const effect = await redemption.alone(keyedStatement(t.db, record(m, perkId, 'after-last')));
    expect(effect).toEqual({ status: 409, body: { detail: PERK_MSG.outOfStock, code: 'out_of_stock' } });
    expect(await kept(m, 'after-last')).toEqual([{ status: 409, body: effect!.body }]);
    // And the next attempt is refused before its read.
    const next = await createMember(t);
    const early = await perkRedemption(db, perkId, next.user.id, opts()).refuseEarly(
      keyedStatement(t.db, record(next, perkId, 'next')).keep,
    );
    expect(early).toEqual(effect);
  });

  it('leaves any other change since the read to the usual path, writing nothing', async () => {
    const perkId = await createPerk({ max_participants: 5 });
    const m = await createMember(t);
    const redemption = perkRedemption(t.db, perkId, m.user.id, opts());
    await redemption.refuseEarly(undefined);
    await t.db.update(perks).set({ costAmount: 1100 }).where(eq(perks.id, perkId));
    expect(await redemption.alone(keyedStatement(t.db, record(m, perkId, 'edited')))).toBeUndefined();
    expect(await kept(m, 'edited')).toEqual([]);
    expect(await t.db.select().from(perkRedemptions).where(eq(perkRedemptions.perkId, perkId))).toEqual([]);
    // Through the route the usual path then redeems at the new price.
    const res = await post(m, `/perks/${perkId}/redeem/`, {}, { 'idempotency-key': 'edited' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().balance).toBe('89.00');
  });

  it('writes amounts in SQL exactly as centsToAmount does', async () => {
    const cents = [0, 5, 99, 100, 1005, -1, -1205, 150_000, 9_007_199_254_740_991];
    for (const c of cents) {
      const { rows } = (await t.db.execute(
        sql`select ${amountSql(sql`${String(c)}::bigint`)} as amount`,
      )) as unknown as {
        rows: Array<{ amount: string }>;
      };
      expect(rows[0]!.amount, String(c)).toBe(centsToAmount(c));
    }
  });
});
