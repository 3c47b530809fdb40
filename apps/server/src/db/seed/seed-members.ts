import { eq, sql } from 'drizzle-orm';
import { follows, profiles, tags, users } from '../schema/index.ts';
import { createAccount } from '../../modules/accounts/accounts.service.ts';
import { displayName } from '../../lib/display-name.ts';
import { getMemberWallet } from '../../modules/wallet/wallet.service.ts';
import { FOLLOWS, MEMBERS, TAGS } from './members-data.ts';
import { DAY, HOUR, type SeedContext } from './seed-context.ts';

/** Members, who follows whom, and the tags the quests and perks will carry. */
export async function seedMembers(ctx: SeedContext, passwordHash: string): Promise<void> {
  await seedAccounts(ctx, passwordHash);
  await seedFollows(ctx);
  await seedTags(ctx);
}

/** Through createAccount, so each member gets a wallet and the welcome bonus through the ledger like a sign-up. */
async function seedAccounts({ tx, config, ago, member, walletOf }: SeedContext, passwordHash: string) {
  for (const m of MEMBERS) {
    const user = await createAccount(
      tx,
      {
        username: m.key,
        email: `${m.key}@example.com`,
        passwordHash,
        firstName: m.firstName,
        lastName: m.lastName,
        isVerified: true,
      },
      config.welcomeBonusCents,
      config.productName,
    );
    const joined = ago(m.joinedDaysAgo * DAY);
    await tx.update(users).set({ dateJoined: joined }).where(eq(users.id, user.id));
    await tx
      .update(profiles)
      .set({ bio: m.bio, isBusiness: m.isBusiness ?? false, businessTag: m.businessTag ?? null, createdAt: joined })
      .where(eq(profiles.id, user.id));
    member[m.key] = user;
    walletOf[m.key] = (await getMemberWallet(tx, user.id)).id;
  }
}

async function seedFollows({ tx, ago, member, notify }: SeedContext) {
  for (const [i, [from, to]] of FOLLOWS.entries()) {
    await tx.insert(follows).values({
      followerId: member[from].id,
      followingId: member[to].id,
      createdAt: ago((FOLLOWS.length - i) * 7 * HOUR),
    });
    await notify(
      to,
      'follow',
      'New follower',
      `${displayName(member[from])} started following you.`,
      `/profile/${member[from].id}`,
      (FOLLOWS.length - i) * 7,
      i < 8,
    );
  }
  // Recomputed from the rows rather than counted by hand, so the profile counters always agree with them.
  await tx.execute(sql`
    update profiles p set
      followers_count = (select count(*) from follows f where f.following_id = p.id),
      following_count = (select count(*) from follows f where f.follower_id = p.id)`);
}

async function seedTags({ tx, ago, tagId }: SeedContext) {
  for (const name of TAGS) {
    const [row] = await tx
      .insert(tags)
      .values({ name, createdAt: ago(70 * DAY) })
      .returning({ id: tags.id });
    tagId[name] = row!.id;
  }
}
