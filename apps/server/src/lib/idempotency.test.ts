import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, usingPostgres, type TestApp } from '../../test/create-test-app.ts';
import { createMember } from '../../test/users.ts';
import { transactions } from '../db/schema/index.ts';
import { checkLedgerInvariants, getMemberWallet, mint } from '../modules/wallet/wallet.service.ts';

type Member = Awaited<ReturnType<typeof createMember>>;
const api = '/api/v1/club';

/**
 * Idempotency-Key under concurrency (DESIGN §3). PostgreSQL only: PGlite runs one transaction at a time,
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
});
