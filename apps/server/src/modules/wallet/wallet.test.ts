import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { checkLedgerInvariants, getMemberWallet, mint } from './wallet.service.ts';

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
