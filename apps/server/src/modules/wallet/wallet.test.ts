import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { wallets } from '../../db/schema/index.ts';
import { createTestApp, usingPostgres, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import {
  checkLedgerInvariants,
  getMemberWallet,
  mint,
  SYSTEM_WALLET_SHARDS,
  systemBalance,
  systemWalletId,
} from './wallet.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET wallets/my_wallet/', () => {
  it("returns the caller's wallet with the welcome bonus", async () => {
    const { user, auth } = await createMember(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/club/wallets/my_wallet/', headers: auth });
    expect(res.statusCode).toBe(200);
    const wallet = await getMemberWallet(t.db, user.id);
    expect(res.json()).toEqual({ id: wallet.id, user: user.id, balance: '100.00' });
  });

  it('shows every ledger movement in the balance, to the hundredth', async () => {
    const { user, auth } = await createMember(t);
    const wallet = await getMemberWallet(t.db, user.id);
    await t.db.transaction((tx) => mint(tx, wallet.id, 1234, 'Test grant'));
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/club/wallets/my_wallet/', headers: auth });
    expect(res.json().balance).toBe('112.34');
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/club/wallets/my_wallet/' });
    expect(res.statusCode).toBe(401);
  });
});

describe('the system account (decision 0015)', () => {
  it('is spread over its shards, and its balance is their sum', async () => {
    const { user } = await createMember(t);
    const wallet = await getMemberWallet(t.db, user.id);
    const before = await systemBalance(t.db);
    for (let i = 0; i < 40; i++) await t.db.transaction((tx) => mint(tx, wallet.id, 100, 'Spread'));
    const shards = await t.db.select().from(wallets).where(eq(wallets.kind, 'system'));
    // 40 random picks of 16 leave all on one row with odds of 16^-39.
    expect(shards.length).toBeGreaterThan(1);
    expect(shards.every((w) => w.shard >= 0 && w.shard < SYSTEM_WALLET_SHARDS)).toBe(true);
    expect((await systemBalance(t.db)) - before).toBe(-4000);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it.runIf(usingPostgres)('creates one row per shard when many ask for it at once (PostgreSQL)', async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, () => t.db.transaction((tx) => systemWalletId(tx, 7))));
    expect(new Set(ids).size).toBe(1);
    const rows = await t.db.select().from(wallets).where(eq(wallets.kind, 'system'));
    expect(rows.filter((w) => w.shard === 7)).toHaveLength(1);
  });
});
