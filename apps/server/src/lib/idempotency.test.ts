import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, usingPostgres, type TestApp } from '../../test/create-test-app.ts';
import { createMember } from '../../test/users.ts';
import { idempotencyRecords, perkRedemptions, perks, questCompletions, transactions } from '../db/schema/index.ts';
import { checkLedgerInvariants, getMemberWallet, mint } from '../modules/wallet/wallet.service.ts';

type Member = Awaited<ReturnType<typeof createMember>>;
const api = '/api/v1/club';

/**
 * Idempotency-Key under concurrency (docs/architecture.md, API conventions). PostgreSQL only: PGlite runs one transaction at a time,
 * so a race there proves nothing.
 */
describe.runIf(usingPostgres)('Idempotency-Key races (PostgreSQL)', () => {
  let t: TestApp;
  let alice: Member;
  let bob: Member;
  let aliceWallet: string;
  beforeAll(async () => {
    t = await createTestApp({ poolSize: 40 });
    alice = await createMember(t);
    bob = await createMember(t);
    const w = await getMemberWallet(t.db, alice.user.id);
    aliceWallet = w.id;
    await t.db.transaction((tx) => mint(tx, w.id, 100_000, 'Starter grant'));
  });
  afterAll(() => t.close());

  const debitsOf = async (walletId: string) =>
    t.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.fromWalletId, walletId), eq(transactions.transactionType, 'internal_transfer')));

  const transferWith = (key: string, amount: number) =>
    t.app.inject({
      method: 'POST',
      url: `${api}/wallets/${aliceWallet}/transfer/`,
      headers: { ...alice.auth, 'idempotency-key': key },
      payload: { recipient: bob.user.id, amount },
    });

  it('20 concurrent transfers with one key: exactly one debit, every answer equals the first', async () => {
    const before = (await getMemberWallet(t.db, alice.user.id)).balance;
    const debitsBefore = (await debitsOf(aliceWallet)).length;
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `${api}/wallets/${aliceWallet}/transfer/`,
        headers: { ...alice.auth, 'idempotency-key': 'race-transfer-1' },
        payload: { recipient: bob.user.id, amount: 7 },
      });
    const results = await Promise.all(Array.from({ length: 20 }, send));
    const debits = (await debitsOf(aliceWallet)).length - debitsBefore;
    const statuses = results.map((r) => r.statusCode);
    console.info(`20 same-key transfers → statuses ${JSON.stringify(statuses)}, debits ${debits}`);
    expect(debits).toBe(1);
    expect((await getMemberWallet(t.db, alice.user.id)).balance).toBe(before - 700);
    const first = results.find((r) => r.headers['idempotent-replayed'] !== 'true')!;
    expect(first.statusCode, first.body).toBe(200);
    for (const r of results) {
      expect(r.statusCode).toBe(first.statusCode);
      expect(r.json()).toEqual(first.json());
    }
    expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  }, 60_000);

  it('a repeat after completion answers the first status and body and moves nothing', async () => {
    const debitsBefore = (await debitsOf(aliceWallet)).length;
    const res = await transferWith('race-transfer-1', 7);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['idempotent-replayed']).toBe('true');
    expect((await debitsOf(aliceWallet)).length).toBe(debitsBefore);
  });

  it('the same key with another body is 422 idempotency_key_reused and moves nothing', async () => {
    const debitsBefore = (await debitsOf(aliceWallet)).length;
    const res = await transferWith('race-transfer-1', 8);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({
      detail: 'This Idempotency-Key was already used with a different request.',
      code: 'idempotency_key_reused',
    });
    expect((await debitsOf(aliceWallet)).length).toBe(debitsBefore);
  });

  it('a 4xx first answer is kept: the retry replays it even once it would succeed', async () => {
    const carol = await createMember(t);
    const carolWallet = (await getMemberWallet(t.db, carol.user.id)).id;
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `${api}/wallets/${carolWallet}/transfer/`,
        headers: { ...carol.auth, 'idempotency-key': 'too-much-1' },
        payload: { recipient: bob.user.id, amount: 150 },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(400);
    await t.db.transaction((tx) => mint(tx, carolWallet, 100_000, 'Top up'));
    const again = await send();
    expect(again.statusCode).toBe(400);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await debitsOf(carolWallet)).toHaveLength(0);
  });

  it('20 concurrent redeems with one key: one redemption, one charge, stock moved once', async () => {
    const creator = await createMember(t);
    const member = await createMember(t);
    const created = await t.app.inject({
      method: 'POST',
      url: `${api}/perks/`,
      headers: creator.auth,
      payload: {
        title: 'Idempotent perk',
        description: 'A perk redeemed many times at once.',
        cost_amount: '10',
        perk_type: 'discount_code',
        discount_code: 'ONCE',
        max_participants: 5,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const perkId = created.json().id as string;
    const before = (await getMemberWallet(t.db, member.user.id)).balance;
    const redeem = () =>
      t.app.inject({
        method: 'POST',
        url: `${api}/perks/${perkId}/redeem/`,
        headers: { ...member.auth, 'idempotency-key': 'race-redeem-1' },
      });
    const results = await Promise.all(Array.from({ length: 20 }, redeem));
    console.info(`20 same-key redeems → statuses ${JSON.stringify(results.map((r) => r.statusCode))}`);
    const first = results.find((r) => r.headers['idempotent-replayed'] !== 'true')!;
    expect(first.statusCode, first.body).toBe(200);
    for (const r of results) {
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual(first.json());
    }
    expect((await getMemberWallet(t.db, member.user.id)).balance).toBe(before - 1000);
    expect(await t.db.select().from(perkRedemptions).where(eq(perkRedemptions.perkId, perkId))).toHaveLength(1);
    const [row] = await t.db.select().from(perks).where(eq(perks.id, perkId));
    expect(row!.purchasedCount).toBe(1);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  }, 60_000);

  it('20 concurrent approvals with one key: one payout', async () => {
    const creator = await createMember(t);
    const member = await createMember(t);
    const quest = await t.app.inject({
      method: 'POST',
      url: `${api}/tasks/`,
      headers: creator.auth,
      payload: {
        title: 'Follow our studio',
        description: 'Follow the studio account on Instagram and send your handle.',
        reward_amount: '12.50',
        task_type: 'follow',
        social_platform: '@wyn.studio',
        max_participants: 2,
      },
    });
    expect(quest.statusCode, quest.body).toBe(201);
    const questId = quest.json().id as string;
    const joined = await t.app.inject({
      method: 'POST',
      url: `${api}/tasks/${questId}/participate/`,
      headers: member.auth,
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const proof = await t.app.inject({
      method: 'POST',
      url: `${api}/tasks/${questId}/submit_proof/`,
      headers: member.auth,
      payload: { proof_text: 'done it' },
    });
    expect(proof.statusCode, proof.body).toBe(200);
    const completionId = proof.json().id as string;
    const memberWallet = (await getMemberWallet(t.db, member.user.id)).id;
    const credits = async () =>
      (await t.db.select({ id: transactions.id }).from(transactions).where(eq(transactions.toWalletId, memberWallet)))
        .length;
    const creditsBefore = await credits();
    const approve = () =>
      t.app.inject({
        method: 'POST',
        url: `${api}/task-completions/${completionId}/approve/`,
        headers: { ...creator.auth, 'idempotency-key': 'race-approve-1' },
      });
    const results = await Promise.all(Array.from({ length: 20 }, approve));
    console.info(`20 same-key approvals → statuses ${JSON.stringify(results.map((r) => r.statusCode))}`);
    const first = results.find((r) => r.headers['idempotent-replayed'] !== 'true')!;
    expect(first.statusCode, first.body).toBe(200);
    for (const r of results) {
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual(first.json());
    }
    expect((await credits()) - creditsBefore).toBe(1);
    const [c] = await t.db.select().from(questCompletions).where(eq(questCompletions.id, completionId));
    expect(c!.verificationStatus).toBe('approved');
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  }, 60_000);

  it('a connection dropped after the commit, before the answer is read: the retry returns the committed transfer, one debit', async () => {
    const dave = await createMember(t);
    const daveWallet = (await getMemberWallet(t.db, dave.user.id)).id;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const payload = JSON.stringify({ recipient: bob.user.id, amount: 9 });
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    await new Promise<void>((resolve, reject) =>
      socket.write(
        [
          `POST ${api}/wallets/${daveWallet}/transfer/ HTTP/1.1`,
          'Host: 127.0.0.1',
          `Authorization: ${dave.auth.authorization}`,
          'Idempotency-Key: crash-1',
          'Content-Type: application/json',
          `Content-Length: ${Buffer.byteLength(payload)}`,
          '',
          payload,
        ].join('\r\n'),
        (err) => (err ? reject(err) : resolve()),
      ),
    );
    const answered = async () => {
      const [row] = await t.db
        .select({ status: idempotencyRecords.statusCode })
        .from(idempotencyRecords)
        .where(and(eq(idempotencyRecords.userId, dave.user.id), eq(idempotencyRecords.key, 'crash-1')));
      return row?.status ?? null;
    };
    for (let i = 0; i < 100 && (await answered()) === null; i++) await new Promise((r) => setTimeout(r, 50));
    // Committed; the client goes away without reading a byte of the answer.
    socket.destroy();
    expect(await answered()).toBe(200);
    expect(await debitsOf(daveWallet)).toHaveLength(1);

    const retry = await t.app.inject({
      method: 'POST',
      url: `${api}/wallets/${daveWallet}/transfer/`,
      headers: { ...dave.auth, 'idempotency-key': 'crash-1' },
      payload: { recipient: bob.user.id, amount: 9 },
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const [debit] = await debitsOf(daveWallet);
    expect(retry.json().transaction.id).toBe(debit!.id);
    expect(await debitsOf(daveWallet)).toHaveLength(1);
    expect((await getMemberWallet(t.db, dave.user.id)).balance).toBe(10_000 - 900);
  }, 30_000);

  it('the server fails after the effect but before its answer is recorded: nothing stays committed, the retry pays once', async () => {
    const erin = await createMember(t);
    const erinWallet = (await getMemberWallet(t.db, erin.user.id)).id;
    // Deliberate: the first send is a 500 logged at error level.
    t.expectServerErrors(
      `500 POST ${api}/wallets/${erinWallet}/transfer/`,
      /request failed.*simulated crash while recording the answer/,
    );
    // Stands in for a process killed at the moment the answer is written: that write fails.
    await t.db.execute(sql`
      create function wyn_test_fail_record() returns trigger language plpgsql as $$
      begin raise exception 'simulated crash while recording the answer'; end $$`);
    await t.db.execute(sql`
      create trigger wyn_test_fail_record before insert or update on idempotency_records
      for each row when (new.key = 'crash-2' and new.status_code is not null)
      execute function wyn_test_fail_record()`);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `${api}/wallets/${erinWallet}/transfer/`,
        headers: { ...erin.auth, 'idempotency-key': 'crash-2' },
        payload: { recipient: bob.user.id, amount: 4 },
      });
    const crashed = await send();
    expect(crashed.statusCode).toBe(500);
    expect(await debitsOf(erinWallet)).toHaveLength(0);
    await t.db.execute(sql`drop trigger wyn_test_fail_record on idempotency_records`);
    const retry = await send();
    expect(retry.statusCode, retry.body).toBe(200);
    const again = await send();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(retry.json());
    expect(await debitsOf(erinWallet)).toHaveLength(1);
    expect((await getMemberWallet(t.db, erin.user.id)).balance).toBe(10_000 - 400);
  });
});
