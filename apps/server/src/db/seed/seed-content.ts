import type { Config } from '../../config.ts';
import type { Tx } from '../client.ts';
import { SYSTEM_WALLET_SHARDS, systemWalletId } from '../../modules/wallet/wallet.service.ts';
import { BANNERS } from './home-data.ts';
import { MEMBERS, TAGS } from './members-data.ts';
import { PERKS } from './perks-data.ts';
import { QUESTS } from './quests-data.ts';
import { createSeedContext } from './seed-context.ts';
import { seedHome } from './seed-home.ts';
import { seedMembers } from './seed-members.ts';
import { seedPerks } from './seed-perks.ts';
import { seedQuests } from './seed-quests.ts';

export type SeedSummary = {
  members: number;
  quests: number;
  perks: number;
  tags: number;
  banners: number;
  notifications: number;
};

/**
 * Loads the demo data (the *-data.ts files beside this one) into an empty database inside the caller's
 * transaction. Every point moves through the ledger. The steps run in this order because each one looks up
 * rows the earlier ones inserted (creators fund quests, perks carry tags, the home page points at all of them).
 */
export async function seedContent(tx: Tx, config: Config, passwordHash: string): Promise<SeedSummary> {
  const ctx = createSeedContext(tx, config);
  // Created up front so the system account's wallets come first, ahead of the members' own.
  for (let shard = 0; shard < SYSTEM_WALLET_SHARDS; shard++) await systemWalletId(tx, shard);
  await seedMembers(ctx, passwordHash);
  await seedQuests(ctx);
  await seedPerks(ctx);
  await seedHome(ctx);
  return {
    members: MEMBERS.length,
    quests: QUESTS.length,
    perks: PERKS.length,
    tags: TAGS.length,
    banners: BANNERS.length,
    notifications: ctx.notificationCount(),
  };
}
