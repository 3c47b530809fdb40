import { randomBytes } from 'node:crypto';
import { createAccount, type NewAccount, type UserRow } from '../src/modules/accounts/accounts.service.ts';
import { createTokenSigner } from '../src/lib/tokens.ts';
import type { TestApp } from './create-test-app.ts';

/**
 * A verified member made the real way (user, profile, settings, wallet, welcome bonus through the ledger),
 * with an access token for `Authorization: Bearer`.
 */
export async function createMember(
  t: Pick<TestApp, 'db' | 'config'>,
  overrides: Partial<NewAccount> & { isStaff?: boolean } = {},
): Promise<{ user: UserRow; token: string; auth: { authorization: string } }> {
  const { isStaff = false, ...account } = overrides;
  const username = account.username ?? `m_${randomBytes(5).toString('hex')}`;
  const user = await t.db.transaction((tx) =>
    createAccount(
      tx,
      { isVerified: true, firstName: 'Test', lastName: username, ...account, username },
      t.config.welcomeBonusCents,
      t.config.productName,
    ),
  );
  const { token } = await createTokenSigner(t.config.jwtSecret).signAccess(user.id, isStaff);
  return { user, token, auth: { authorization: `Bearer ${token}` } };
}
