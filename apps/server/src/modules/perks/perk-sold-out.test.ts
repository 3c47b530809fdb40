import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PERK_MSG } from '@wyn/contract';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { clubRequests } from '../../../test/club-requests.ts';
import { keptAnswers } from '../../../test/kept-answers.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { KeepWhen, Outcome } from '../../lib/idempotency.ts';
import { checkLedgerInvariants } from '../wallet/wallet.service.ts';
import { refuseRedeemEarly } from './perk-redemption.service.ts';

/**
 * A sold-out perk under an Idempotency-Key (issue #17, flash sale): once this process has seen the perk out of stock,
 * the next attempt is decided and kept as the key's answer in one statement. That statement must say "Out of Stock"
 * exactly when the usual read would, and every refusal the read puts first must still win.
 */
describe('redeeming a sold-out perk under an Idempotency-Key', () => {
  let t: TestApp;
  type Member = Awaited<ReturnType<typeof createMember>>;
  let creator: Member;
  let first: Member;
  let perkId: string;
  const { post, patch } = clubRequests(() => t.app);
  const redeem = (m: Member, key: string, body: object = {}) =>
    post(m, `/perks/${perkId}/redeem/`, body, { 'idempotency-key': key });
  const keptAnswer = (m: Member, key: string) => keptAnswers(t.db, m.user.id, key);
  /** A 10 W discount code with one left. */
  const createOneLeft = async (title: string) => {
    const created = await post(creator, '/perks/', {
      title,
      description: 'Only one of these is available.',
      cost_amount: '10',
      perk_type: 'discount_code',
      discount_code: 'ONE',
      max_participants: 1,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as string;
  };

  beforeAll(async () => {
    t = await createTestApp();
    creator = await createMember(t);
    first = await createMember(t);
    perkId = await createOneLeft('One left');
    const bought = await redeem(first, 'first');
    expect(bought.statusCode, bought.body).toBe(200);
  });
  afterAll(() => t.close());

  it('refuses with Out of Stock and keeps it: the same key replays it, another body is refused', async () => {
    // The first refusal reads the perk (and teaches this process it is sold out); the second is the one statement.
    for (const key of ['a', 'b']) {
      const m = await createMember(t);
      const res = await redeem(m, key);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ detail: PERK_MSG.outOfStock, code: 'out_of_stock' });
      expect(await keptAnswer(m, key)).toEqual([{ status: 409, body: res.json() }]);
      const again = await redeem(m, key);
      expect(again.statusCode).toBe(409);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(res.json());
      expect((await redeem(m, key, { expected_cost: '10' })).statusCode).toBe(422);
    }
  });

  it('still answers first what the usual read puts first', async () => {
    // Taught that the perk is sold out (the test above, or this attempt).
    await redeem(await createMember(t), 'teach');
    const mine = await redeem(first, 'again');
    expect(mine.statusCode, mine.body).toBe(409);
    expect(mine.json().detail).toBe(PERK_MSG.alreadyRedeemed);
    const own = await redeem(creator, 'own');
    expect(own.statusCode, own.body).toBe(400);
    expect(own.json().detail).toBe(PERK_MSG.creatorCannotRedeem);
    const priced = await redeem(await createMember(t), 'priced', { expected_cost: '5' });
    expect(priced.statusCode, priced.body).toBe(409);
    expect(priced.json()).toMatchObject({ code: 'price_changed', cost_amount: '10.00' });
  });

  it('takes the hint for nothing: with stock added the next attempt is redeemed', async () => {
    await redeem(await createMember(t), 'teach-2');
    const edited = await patch(creator, `/perks/${perkId}/`, { max_participants: 2 });
    expect(edited.statusCode, edited.body).toBe(200);
    const m = await createMember(t);
    const res = await redeem(m, 'now');
    expect(res.statusCode, res.body).toBe(200);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('decides a taught sold-out attempt in the one kept statement, without reading the perk first', async () => {
    const id = await createOneLeft('Gone at once');
    await post(first, `/perks/${id}/redeem/`);
    const now = new Date();
    // Taught by a refusal through the usual read.
    await expect(refuseRedeemEarly(t.db, id, (await createMember(t)).user.id, { now })).rejects.toMatchObject({
      code: 'out_of_stock',
    });
    const m = await createMember(t);
    // Any use of this handle fails the test: the refusal must come from `keep`'s statement alone.
    const untouchable = new Proxy({} as DbOrTx, {
      get: (_, name) => {
        throw new Error(`the database handle was used (${String(name)})`);
      },
    });
    const kept: Array<{ outcome: Outcome; held: boolean }> = [];
    // Whether `when` holds for member m, read as the keeping statement reads it (one row of values, `v`).
    const keepFor = (member: Member) => async (outcome: Outcome, when?: KeepWhen) => {
      const values = JSON.stringify([{ ...when!.values, user_id: member.user.id }]);
      const { rows } = (await t.db.execute(sql`select (${when!.condition.where}) as held
        from jsonb_to_recordset(${values}::jsonb) as v(user_id uuid, ${sql.raw(when!.condition.columns)})`)) as unknown as {
        rows: Array<{ held: boolean }>;
      };
      kept.push({ outcome, held: rows[0]!.held });
      return rows[0]!.held;
    };
    const early = await refuseRedeemEarly(untouchable, id, m.user.id, { now, keep: keepFor(m) });
    expect(early.refusal).toEqual({ status: 409, body: { detail: PERK_MSG.outOfStock, code: 'out_of_stock' } });
    expect(kept).toEqual([{ outcome: early.refusal, held: true }]);
    // The member who bought it: the condition does not hold, so the usual read answers (Already redeemed).
    kept.length = 0;
    await expect(refuseRedeemEarly(t.db, id, first.user.id, { now, keep: keepFor(first) })).rejects.toMatchObject({
      detail: PERK_MSG.alreadyRedeemed,
    });
    expect(kept.map((k) => k.held)).toEqual([false]);
  });
});
