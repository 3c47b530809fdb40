import { eq, sql } from 'drizzle-orm';
import type { NotificationType } from '@wyn/contract';
import type { Config } from '../../config.ts';
import type { Tx } from '../client.ts';
import {
  banners,
  exploreCategories,
  exploreFilters,
  featuredItems,
  follows,
  homeSectionItems,
  homeSections,
  messages,
  notifications,
  perkRedemptions,
  perks,
  perkTags,
  popularSearches,
  profiles,
  questCompletions,
  quests,
  questTags,
  tags,
  users,
  wallets,
} from '../schema/index.ts';
import { createAccount, type UserRow } from '../../modules/accounts/accounts.service.ts';
import { displayName } from '../../lib/display-name.ts';
import { getMemberWallet, mint, move, systemWalletId } from '../../modules/wallet/wallet.service.ts';
import { SEED_MEDIA_PREFIX } from '../../integrations/media-storage.ts';
import {
  ANNOUNCEMENTS,
  BANNERS,
  EXPLORE_CATEGORIES,
  EXPLORE_FILTERS,
  FEATURED,
  HOME_SECTIONS,
  POPULAR_SEARCHES,
} from './home-data.ts';
import { CHAT, FOLLOWS, MEMBERS, TAGS, type MemberKey, type TagName } from './members-data.ts';
import { PERKS, REDEMPTIONS, type PerkSeed } from './perks-data.ts';
import { COMPLETIONS, QUESTS } from './quests-data.ts';

/**
 * Loads the demo data (the *-data.ts files beside this one) into an empty database inside the caller's
 * transaction: members with their welcome bonus, follows, tags, funded quests with completions, perks with
 * redemptions, notifications, a conversation, banners, home sections, featured items and explore content.
 * Every point moves through the ledger.
 */

/** Images shipped in apps/server/seed-assets/, served as /media/seed/<file> by every instance. */
const media = (file: string) => `/media/${SEED_MEDIA_PREFIX}${file}`;

const W = (points: number) => Math.round(points * 100);
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

export type SeedSummary = {
  members: number;
  quests: number;
  perks: number;
  tags: number;
  banners: number;
  notifications: number;
};

export async function seedContent(tx: Tx, config: Config, passwordHash: string): Promise<SeedSummary> {
  const now = Date.now();
  const ago = (ms: number) => new Date(now - ms);
  const inDays = (d: number) => new Date(now + d * DAY);
  await systemWalletId(tx);

  // Members, each with a wallet and the welcome bonus through the ledger.
  const member = {} as Record<MemberKey, UserRow>;
  const walletOf = {} as Record<MemberKey, string>;
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

  const note = async (
    to: MemberKey,
    type: NotificationType,
    title: string,
    message: string,
    link: string | null,
    hoursAgo: number,
    isRead = false,
  ) => {
    await tx.insert(notifications).values({
      userId: member[to].id,
      notificationType: type,
      title,
      message,
      link,
      isRead,
      createdAt: ago(hoursAgo * HOUR),
    });
  };
  let notificationCount = 0;
  const notify = async (...args: Parameters<typeof note>) => {
    await note(...args);
    notificationCount += 1;
  };

  // Follows, then the profile counters recomputed from them so they agree.
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
  await tx.execute(sql`
    update profiles p set
      followers_count = (select count(*) from follows f where f.following_id = p.id),
      following_count = (select count(*) from follows f where f.follower_id = p.id)`);

  // Tags.
  const tagId = {} as Record<TagName, string>;
  for (const name of TAGS) {
    const [row] = await tx
      .insert(tags)
      .values({ name, createdAt: ago(70 * DAY) })
      .returning({ id: tags.id });
    tagId[name] = row!.id;
  }

  // Demo creators get extra points first, so every quest can be funded and escrowed through the ledger.
  const needs = new Map<MemberKey, number>();
  for (const q of QUESTS) needs.set(q.creator, (needs.get(q.creator) ?? 0) + q.reward * (q.max ?? 10));
  for (const [key, points] of needs) await mint(tx, walletOf[key], W(points + 200), 'Demo funds');

  // Quests: with a maximum, reward × maximum is staked into the quest's escrow wallet at creation.
  const questRow = {} as Record<
    string,
    { id: string; title: string; reward: number; creator: MemberKey; escrow: string | null }
  >;
  for (const [i, q] of QUESTS.entries()) {
    const createdAt = ago((QUESTS.length - i) * 9 * HOUR);
    const [row] = await tx
      .insert(quests)
      .values({
        creatorId: member[q.creator].id,
        title: q.title,
        description: q.description,
        taskType: q.type,
        status: 'published',
        rewardAmount: W(q.reward),
        maxParticipants: q.max,
        deadline: q.deadlineDays ? inDays(q.deadlineDays) : null,
        participationRequirements: q.requirements,
        completionCriteria: q.criteria,
        mediaUrl: q.media ? media(q.media) : null,
        createdAt,
        updatedAt: createdAt,
        ...q.fields,
      })
      .returning({ id: quests.id });
    const id = row!.id;
    await tx.insert(questTags).values(q.tags.map((t) => ({ questId: id, tagId: tagId[t] })));
    let escrow: string | null = null;
    if (q.max) {
      const [w] = await tx.insert(wallets).values({ kind: 'escrow', questId: id }).returning({ id: wallets.id });
      escrow = w!.id;
      await move(tx, {
        type: 'stake',
        fromWalletId: walletOf[q.creator],
        toWalletId: escrow,
        amountCents: W(q.reward * q.max),
        description: `Escrow for "${q.title}"`,
        related: { type: 'quest', id },
      });
    }
    questRow[q.key] = { id, title: q.title, reward: q.reward, creator: q.creator, escrow };
  }

  // Participations: approved ones are paid from the escrow (or the creator's wallet when there is no maximum).
  for (const [i, c] of COMPLETIONS.entries()) {
    const q = questRow[c.quest]!;
    const who = member[c.member];
    const joinedAt = ago((COMPLETIONS.length - i) * 5 * HOUR + 2 * HOUR);
    const submittedAt = c.status === 'joined' ? null : ago((COMPLETIONS.length - i) * 5 * HOUR + HOUR);
    const decidedAt =
      c.status === 'approved' || c.status === 'rejected' ? ago((COMPLETIONS.length - i) * 5 * HOUR) : null;
    let rewardTransactionId: string | null = null;
    if (c.status === 'approved') {
      rewardTransactionId = await move(tx, {
        type: 'quest_reward',
        fromWalletId: q.escrow ?? walletOf[q.creator],
        toWalletId: walletOf[c.member],
        amountCents: W(q.reward),
        description: `Reward for "${q.title}"`,
        related: { type: 'quest', id: q.id },
      });
      await tx
        .update(profiles)
        .set({ questsCompletedCount: sql`${profiles.questsCompletedCount} + 1` })
        .where(eq(profiles.id, who.id));
      await notify(
        c.member,
        'reward',
        'Reward received',
        `You earned ${q.reward} W for "${q.title}".`,
        `/quest/${q.id}`,
        (COMPLETIONS.length - i) * 5,
        i % 3 === 0,
      );
    }
    if (c.status === 'pending')
      await notify(
        q.creator,
        'task_update',
        'New submission to review',
        `${displayName(who)} submitted proof for "${q.title}".`,
        `/quest/${q.id}`,
        (COMPLETIONS.length - i) * 5,
      );
    if (c.status === 'rejected')
      await notify(
        c.member,
        'task_update',
        'Submission rejected',
        `Your proof for "${q.title}" was rejected: ${c.reason}`,
        `/quest/${q.id}`,
        (COMPLETIONS.length - i) * 5,
      );
    await tx.insert(questCompletions).values({
      questId: q.id,
      userId: who.id,
      verificationStatus: c.status,
      proofText: c.proof ?? null,
      proofData: c.proof ? { proof_text: c.proof, verification_type: 'manual' } : null,
      rejectionReason: c.reason ?? null,
      joinedAt,
      submittedAt,
      completionDate: c.status === 'approved' ? decidedAt : null,
      verifiedDate: decidedAt,
      verifiedById: decidedAt ? member[q.creator].id : null,
      rewardTransactionId,
    });
  }
  await tx.execute(sql`
    update quests q set current_participants = (select count(*) from quest_completions c where c.quest_id = q.id)`);

  // Perks of every type; the secret fields live only in their own columns.
  const perkRow = {} as Record<
    string,
    { id: string; title: string; cost: number; creator: MemberKey | null; seed: PerkSeed }
  >;
  for (const [i, p] of PERKS.entries()) {
    const createdAt = ago((PERKS.length - i) * 11 * HOUR);
    const [row] = await tx
      .insert(perks)
      .values({
        creatorId: p.creator ? member[p.creator].id : null,
        title: p.title,
        description: p.description,
        perkType: p.type,
        status: 'active',
        costAmount: W(p.cost),
        maxParticipants: p.max,
        deadline: p.deadlineDays ? inDays(p.deadlineDays) : null,
        purchaseRequirements: p.requirements ?? '',
        termsAndConditions: p.terms,
        telegramUrl: p.secret.telegramUrl ?? null,
        discountCode: p.secret.discountCode ?? null,
        eventDetails: p.secret.eventDetails ?? null,
        exclusiveContent: p.secret.exclusiveContent ?? null,
        mediaUrl: p.media ? media(p.media) : null,
        isVerified: p.creator === null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: perks.id });
    await tx.insert(perkTags).values(p.tags.map((t) => ({ perkId: row!.id, tagId: tagId[t] })));
    perkRow[p.key] = { id: row!.id, title: p.title, cost: p.cost, creator: p.creator, seed: p };
  }

  // Redemptions: the cost moves from the redeemer to the creator (or the system account for staff perks).
  const system = await systemWalletId(tx);
  for (const [i, r] of REDEMPTIONS.entries()) {
    const p = perkRow[r.perk]!;
    const transactionId = await move(tx, {
      type: 'perk_redemption',
      fromWalletId: walletOf[r.member],
      toWalletId: p.creator ? walletOf[p.creator] : system,
      amountCents: W(p.cost),
      description: `Redeemed "${p.title}"`,
      related: { type: 'perk', id: p.id },
    });
    const s = p.seed.secret;
    await tx.insert(perkRedemptions).values({
      perkId: p.id,
      userId: member[r.member].id,
      transactionId,
      perkTitle: p.title,
      deliveredContent: {
        ...(s.telegramUrl ? { telegram_url: s.telegramUrl } : {}),
        ...(s.discountCode ? { discount_code: s.discountCode } : {}),
        ...(s.eventDetails ? { event_details: s.eventDetails } : {}),
        ...(s.exclusiveContent ? { exclusive_content: s.exclusiveContent } : {}),
      },
      redeemedAt: ago((REDEMPTIONS.length - i) * 6 * HOUR),
    });
    await tx
      .update(perks)
      .set({ purchasedCount: sql`${perks.purchasedCount} + 1` })
      .where(eq(perks.id, p.id));
    await notify(
      r.member,
      'transaction',
      'Perk redeemed',
      `You redeemed "${p.title}" for ${p.cost} W. Open the perk to see what you got.`,
      `/perk/${p.id}`,
      (REDEMPTIONS.length - i) * 6,
    );
    if (p.creator)
      await notify(
        p.creator,
        'transaction',
        'Your perk was redeemed',
        `${displayName(member[r.member])} redeemed "${p.title}" — ${p.cost} W added to your wallet.`,
        `/perk/${p.id}`,
        (REDEMPTIONS.length - i) * 6,
      );
  }

  // Announcements for everyone.
  for (const m of MEMBERS)
    for (const a of ANNOUNCEMENTS)
      await notify(
        m.key,
        a.type,
        a.title.replace('{product}', config.productName),
        a.message,
        typeof a.link === 'string' ? a.link : `/perk/${perkRow[a.link.perk]!.id}`,
        a.hoursAgo === 'joined' ? m.joinedDaysAgo * 24 : a.hoursAgo,
        a.isRead,
      );

  // A short conversation so Messages is not empty.
  for (const [i, [from, to, content]] of CHAT.entries()) {
    const sentAt = ago((CHAT.length - i) * 20 * 60 * 1000);
    await tx
      .insert(messages)
      .values({ senderId: member[from].id, receiverId: member[to].id, content, sentAt, readAt: i < 2 ? sentAt : null });
  }

  // Banners, with images served from /media/seed/.
  await tx.insert(banners).values(
    BANNERS.map((b) => ({
      title: b.title,
      description: b.description.replace('Wyn', config.productName),
      imageUrl: media(b.image),
      link: `${config.publicUrl}${b.path}`,
      order: b.order,
    })),
  );

  // Home sections of each kind, with curated items.
  for (const s of HOME_SECTIONS) {
    const [section] = await tx
      .insert(homeSections)
      .values({ title: s.title, sectionType: s.type, order: s.order })
      .returning({ id: homeSections.id });
    const ids =
      s.type === 'task_carousel'
        ? s.quests.map((k) => questRow[k]!.id)
        : s.type === 'perk_carousel'
          ? s.perks.map((k) => perkRow[k]!.id)
          : s.members.map((k) => member[k].id);
    await tx.insert(homeSectionItems).values(
      ids.map((id, order) => ({
        sectionId: section!.id,
        order,
        questId: s.type === 'task_carousel' ? id : null,
        perkId: s.type === 'perk_carousel' ? id : null,
        userId: s.type === 'user_carousel' ? id : null,
      })),
    );
  }

  // Featured items and top picks.
  await tx.insert(featuredItems).values(
    FEATURED.map((f) => ({
      placement: f.placement,
      order: f.order,
      ...('quest' in f ? { questId: questRow[f.quest]!.id } : {}),
      ...('perk' in f ? { perkId: perkRow[f.perk]!.id } : {}),
      ...('member' in f ? { userId: member[f.member].id } : {}),
    })),
  );

  // Explore: categories, popular searches, filters.
  await tx.insert(exploreCategories).values(EXPLORE_CATEGORIES);
  await tx.insert(popularSearches).values(POPULAR_SEARCHES);
  await tx.insert(exploreFilters).values(EXPLORE_FILTERS);

  return {
    members: MEMBERS.length,
    quests: QUESTS.length,
    perks: PERKS.length,
    tags: TAGS.length,
    banners: BANNERS.length,
    notifications: notificationCount,
  };
}
