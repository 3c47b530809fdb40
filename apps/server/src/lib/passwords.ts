import argon2 from 'argon2';
import type { Config } from '../config.ts';

/**
 * Password hashing with argon2id (docs/security.md). Production and development use the library's defaults
 * (64 MiB, 3 passes, 4 lanes). Under NODE_ENV=test the cost is lowered (4 MiB, 2 passes, 1 lane) so the
 * suite stays fast; the hash format is the same, so verification works across both.
 */
type Costs = { memoryCost: number; timeCost: number; parallelism: number };
const PRODUCTION_COSTS: Costs = { memoryCost: 65536, timeCost: 3, parallelism: 4 };
const TEST_COSTS: Costs = { memoryCost: 4096, timeCost: 2, parallelism: 1 };

const costsFor = (config: Pick<Config, 'nodeEnv'>): Costs =>
  config.nodeEnv === 'test' ? TEST_COSTS : PRODUCTION_COSTS;

export function hashPassword(config: Pick<Config, 'nodeEnv'>, password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...costsFor(config) });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

/** True when the stored hash was made with other costs than the current ones (rehash after a good sign-in). */
export function passwordNeedsRehash(config: Pick<Config, 'nodeEnv'>, hash: string): boolean {
  try {
    return argon2.needsRehash(hash, costsFor(config));
  } catch {
    return false;
  }
}

const dummyHashes = new Map<string, Promise<string>>();
/**
 * Spends the same work as a real check when there is no account (or no password) for the identifier,
 * so response times do not reveal which identifiers exist.
 */
export async function verifyAgainstDummy(config: Pick<Config, 'nodeEnv'>, password: string): Promise<false> {
  let dummy = dummyHashes.get(config.nodeEnv);
  if (!dummy) {
    dummy = hashPassword(config, `dummy-${Math.random()}`);
    dummyHashes.set(config.nodeEnv, dummy);
  }
  await verifyPassword(await dummy, password);
  return false;
}
