import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ledgerEntries, transactions, wallets } from '../../db/schema/index.ts';
import { createTestApp, usingPostgres, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import {
  checkLedgerInvariants,
  getMemberWallet,
  InsufficientFundsError,
  mint,
  move,
  moveInOneStatement,
  systemWalletId,
} from './wallet.service.ts';

/** `moveInOneStatement` (`moveCtes`, the flash-sale path of issue #17) keeps every rule of `move()`. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ poolSize: 30 });
});
afterAll(() => t.close());

const balanceOf = async (id: string) =>
  (await t.db.select({ b: wallets.balance }).from(wallets).where(eq(wallets.id, id)))[0]!.b;

describe('moveInOneStatement', () => {
  it('writes the same double entry as move(): both balances, a transactions row and two ledger entries', async () => {
    const a = await getMemberWallet(t.db, (await createMember(t)).user.id);
    const b = await getMemberWallet(t.db, (await createMember(t)).user.id);
    const id = await moveInOneStatement(t.db, {
      fromWalletId: a.id,
      toWalletId: b.id,
      amountCents: 2550,
      type: 'perk_redemption',
      description: 'One statement',
      related: { type: 'perk', id: a.id },
    });
    expect(await balanceOf(a.id)).toBe(a.balance - 2550);
    expect(await balanceOf(b.id)).toBe(b.balance + 2550);
    const [tx] = await t.db.select().from(transactions).where(eq(transactions.id, id));
    expect(tx).toMatchObject({
      transactionType: 'perk_redemption',
      amount: 2550,
      fromWalletId: a.id,
      toWalletId: b.id,
      description: 'One statement',
      relatedEntityType: 'perk',
      relatedEntityId: a.id,
    });
    const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, id));
    expect(entries.map((e) => [e.walletId, e.amount]).sort()).toEqual(
      [
        [a.id, -2550],
        [b.id, 2550],
      ].sort(),
    );
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('refuses a payer without the balance, an unknown wallet and a bad amount, writing nothing', async () => {
    const a = await getMemberWallet(t.db, (await createMember(t)).user.id);
    const b = await getMemberWallet(t.db, (await createMember(t)).user.id);
    const txCount = async () => (await t.db.select({ id: transactions.id }).from(transactions)).length;
    const before = await txCount();
    const args = { fromWalletId: a.id, toWalletId: b.id, type: 'internal_transfer' as const };
    await expect(
      moveInOneStatement(t.db, { ...args, amountCents: a.balance + 1, insufficientMessage: 'Too poor' }),
    ).rejects.toThrow(new InsufficientFundsError('Too poor'));
    await expect(
      moveInOneStatement(t.db, { ...args, toWalletId: '00000000-0000-4000-8000-000000000000', amountCents: 1 }),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(moveInOneStatement(t.db, { ...args, amountCents: 0 })).rejects.toMatchObject({ statusCode: 400 });
    await expect(moveInOneStatement(t.db, { ...args, toWalletId: a.id, amountCents: 1 })).rejects.toMatchObject({
      statusCode: 400,
    });
    expect(await txCount()).toBe(before);
    expect(await balanceOf(a.id)).toBe(a.balance);
    // The whole balance may go: zero is not below zero.
    await moveInOneStatement(t.db, { ...args, amountCents: a.balance });
    expect(await balanceOf(a.id)).toBe(0);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('lets the system account go below zero, as move() does', async () => {
    const b = await getMemberWallet(t.db, (await createMember(t)).user.id);
    const system = await systemWalletId(t.db, 3);
    const before = await balanceOf(system);
    await moveInOneStatement(t.db, {
      fromWalletId: system,
      toWalletId: b.id,
      amountCents: 10_000_000,
      type: 'system_reward',
    });
    expect(await balanceOf(system)).toBe(before - 10_000_000);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it.runIf(usingPostgres).each(['ids', 'members (the wallets looked up in the statement)'])(
    'under concurrency (PostgreSQL), wallets by %s: 30 payments from a wallet that can afford 10, racing move() both ways: exactly 10, no deadlock, nothing below zero',
    async (by) => {
      const payerUser = (await createMember(t)).user.id;
      const payeeUser = (await createMember(t)).user.id;
      const payer = await getMemberWallet(t.db, payerUser);
      const payee = await getMemberWallet(t.db, payeeUser);
      const lookups = by !== 'ids';
      // Exactly ten payments of 1,000 once the welcome bonus is spent on the payee.
      await t.db.transaction((tx) =>
        move(tx, {
          fromWalletId: payer.id,
          toWalletId: payee.id,
          amountCents: payer.balance,
          type: 'internal_transfer',
        }),
      );
      await t.db.transaction((tx) => mint(tx, payer.id, 10_000, 'Ten payments'));
      const payeeBefore = await balanceOf(payee.id);
      const results = await Promise.allSettled([
        ...Array.from({ length: 30 }, () =>
          moveInOneStatement(t.db, {
            fromWalletId: lookups ? { memberOf: payerUser } : payer.id,
            toWalletId: lookups ? { memberOf: payeeUser } : payee.id,
            amountCents: 1000,
            type: 'internal_transfer',
          }),
        ),
        // The other way round with move() (locks in id order too): a deadlock would fail one side.
        ...Array.from({ length: 10 }, () =>
          t.db.transaction((tx) =>
            move(tx, { fromWalletId: payee.id, toWalletId: payer.id, amountCents: 1, type: 'internal_transfer' }),
          ),
        ),
      ]);
      const paid = results.slice(0, 30).filter((r) => r.status === 'fulfilled').length;
      const refused = results.slice(0, 30).filter((r) => r.status === 'rejected');
      for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientFundsError);
      expect(results.slice(30).every((r) => r.status === 'fulfilled')).toBe(true);
      // The ten cents coming back may pay for nothing more (1,000 each): exactly ten.
      expect(paid).toBe(10);
      expect(await balanceOf(payer.id)).toBe(10);
      expect(await balanceOf(payee.id)).toBe(payeeBefore + 10_000 - 10);
      expect(await checkLedgerInvariants(t.db)).toEqual([]);
    },
    60_000,
  );
});
