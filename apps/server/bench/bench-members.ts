import { randomBytes } from 'node:crypto';
import type { Database } from '../src/db/client.ts';
import { createAccount } from '../src/modules/accounts/accounts.service.ts';
import { createTokenSigner } from '../src/lib/tokens.ts';

/**
 * Creates `count` members straight through the accounts service (user, profile, settings, wallet and the
 * welcome bonus through the ledger, as sign-up does) and signs an access token for each with the server's
 * secret: 1,000 argon2 logins would measure password hashing, not the redemption.
 */
export async function createBenchMembers(
  database: Database,
  jwtSecret: string,
  count: number,
  welcomeBonusCents = 10_000,
): Promise<Array<{ id: string; authorization: string }>> {
  const signer = createTokenSigner(jwtSecret);
  const tag = randomBytes(3).toString('hex');
  const out: Array<{ id: string; authorization: string }> = [];
  const batch = 50;
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    const users = await database.db.transaction(async (tx) => {
      const made = [];
      for (let i = 0; i < size; i++) {
        made.push(
          await createAccount(
            tx,
            {
              username: `bench_${tag}_${start + i}`,
              firstName: 'Bench',
              lastName: String(start + i),
              isVerified: true,
            },
            welcomeBonusCents,
            'Wyn',
          ),
        );
      }
      return made;
    });
    for (const u of users) {
      const { token } = await signer.signAccess(u.id, false);
      out.push({ id: u.id, authorization: `Bearer ${token}` });
    }
  }
  return out;
}
