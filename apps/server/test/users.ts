import { randomBytes } from 'node:crypto';
import { createAccount, type NewAccount, type UserRow } from '../src/modules/accounts/accounts.service.ts';
import type { Tx } from '../src/db/client.ts';
import { createTokenSigner } from '../src/lib/tokens.ts';
import type { TestApp } from './create-test-app.ts';

/**
 * A verified member made the real way (user, profile, settings, wallet, welcome bonus through the ledger),
 * with an access token for `Authorization: Bearer`.
 */
export async function createMember(
  t: Pick<TestApp, 'db' | 'config'>,
  overrides: Partial<NewAccount> & {
    isStaff?: boolean;
    /** Runs in the transaction that creates the account (as sign-up records a referral). */
    inCreation?: (tx: Tx, user: UserRow) => Promise<unknown>;
  } = {},
): Promise<{ user: UserRow; token: string; auth: { authorization: string } }> {
  const { isStaff = false, inCreation, ...account } = overrides;
  const username = account.username ?? `m_${randomBytes(5).toString('hex')}`;
  const user = await t.db.transaction(async (tx) => {
    const made = await createAccount(
      tx,
      { isVerified: true, firstName: 'Test', lastName: username, ...account, username },
      t.config.welcomeBonusCents,
      t.config.productName,
    );
    await inCreation?.(tx, made);
    return made;
  });
  const { token } = await createTokenSigner(t.config.jwtSecret).signAccess(user.id, isStaff);
  return { user, token, auth: { authorization: `Bearer ${token}` } };
}
