import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import argon2 from 'argon2';
import { count, eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { NotificationType, PerkType, QuestType } from '@wyn/contract';
import type { Config } from '../config.ts';
import type { Db, Tx } from './client.ts';
import * as schema from './schema/index.ts';
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
  type ExclusiveContent,
} from './schema/index.ts';
import { createAccount, type UserRow } from '../modules/accounts/accounts.service.ts';
import { displayName } from '../lib/display-name.ts';
import { getMemberWallet, mint, move, systemWalletId } from '../modules/wallet/wallet.service.ts';
import { homeContentChanged } from '../modules/home/homepage-cache.ts';
import { SEED_ASSETS_DIR, SEED_MEDIA_PREFIX } from '../integrations/media-storage.ts';
import { openMediaStorage } from '../integrations/open-media-storage.ts';

/**
 * Demo content so a newcomer sees a living app (README.md, Run it): members, follows, tags, funded quests with
 * completions, perks of every type with redemptions, banners with images, home sections, featured items,
 * explore categories, popular searches, filters and notifications. Every point moves through the ledger.
 * One transaction per run.
 */

/** Every demo member signs in with this password (documented in the README). */
export const DEMO_PASSWORD = 'wyn-demo-password';

/** Images shipped in apps/server/seed-assets/, served as /media/seed/<file> by every instance. */
const media = (file: string) => `/media/${SEED_MEDIA_PREFIX}${file}`;

const W = (points: number) => Math.round(points * 100);
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

type MemberKey = 'ava' | 'ben' | 'chloe' | 'dan' | 'eve' | 'finn';

const MEMBERS: Array<{
  key: MemberKey;
  firstName: string;
  lastName: string;
  bio: string;
  isBusiness?: boolean;
  businessTag?: string;
  joinedDaysAgo: number;
}> = [
  {
    key: 'ava',
    firstName: 'Ava',
    lastName: 'Martins',
    bio: 'Community builder. I run weekly design challenges and the Wyn Design Club channel.',
    joinedDaysAgo: 60,
  },
  {
    key: 'ben',
    firstName: 'Ben',
    lastName: 'Okafor',
    bio: 'Indie game developer sharing devlogs, playtests and beta keys.',
    joinedDaysAgo: 52,
  },
  {
    key: 'chloe',
    firstName: 'Chloe',
    lastName: 'Nguyen',
    bio: 'Photographer and video editor. New tutorials every Friday.',
    joinedDaysAgo: 45,
  },
  {
    key: 'dan',
    firstName: 'Dan',
    lastName: 'Kowalski',
    bio: 'Learning in public: code, notes and a weekly study group.',
    joinedDaysAgo: 30,
  },
  {
    key: 'eve',
    firstName: 'Eve',
    lastName: 'Laurent',
    bio: 'I host meetups, workshops and the occasional rooftop party.',
    joinedDaysAgo: 21,
  },
  {
    key: 'finn',
    firstName: 'Finn',
    lastName: 'Harper',
    bio: 'Finn Studio: prints, tees and stickers for makers.',
    isBusiness: true,
    businessTag: 'Merch & Design',
    joinedDaysAgo: 14,
  },
];

const TAGS = [
  'Community',
  'Telegram',
  'Social',
  'Video',
  'Design',
  'Gaming',
  'Events',
  'Learning',
  'Merch',
  'Music',
] as const;
type TagName = (typeof TAGS)[number];

type QuestSeed = {
  key: string;
  creator: MemberKey;
  type: QuestType;
  title: string;
  description: string;
  reward: number;
  max: number | null;
  deadlineDays?: number;
  requirements: string;
  criteria: string;
  tags: TagName[];
  media?: string;
  fields: Partial<typeof quests.$inferInsert>;
};

const QUESTS: QuestSeed[] = [
  {
    key: 'design-club',
    creator: 'ava',
    type: 'join',
    title: 'Join the Wyn Design Club channel',
    description: 'Weekly design challenges, critiques and resources. Join the channel and stay for the Friday prompts.',
    reward: 25,
    max: 200,
    requirements: 'A Telegram account. Stay in the channel for at least a week.',
    criteria: 'Checked automatically: you are a member of the channel.',
    tags: ['Community', 'Telegram', 'Design'],
    media: 'cover-telegram.png',
    fields: {
      channelUsername: 'wyn_design_club',
      channelType: 'public_channel',
      taskDetails: { channel_type: 'public_channel' },
    },
  },
  {
    key: 'playtest-bot',
    creator: 'ben',
    type: 'start_bot',
    title: 'Start the Playtest Bot',
    description:
      'Our bot sends you a build link every time a new playtest opens. Start it once and you are on the list.',
    reward: 15,
    max: 100,
    requirements: 'Open the bot in Telegram and press Start.',
    criteria: 'A screenshot of the bot’s welcome message.',
    tags: ['Gaming', 'Telegram'],
    fields: { botUsername: 'wyn_playtest_bot' },
  },
  {
    key: 'follow-chloe',
    creator: 'chloe',
    type: 'follow',
    title: 'Follow @chloe.frames on Instagram',
    description: 'Behind-the-scenes photos, colour-grading before/afters and the occasional giveaway.',
    reward: 10,
    max: null,
    requirements: 'A public Instagram account.',
    criteria: 'Your Instagram handle and a screenshot showing you follow @chloe.frames.',
    tags: ['Social', 'Video'],
    media: 'cover-social.png',
    fields: { socialPlatform: 'chloe.frames' },
  },
  {
    key: 'wyn-desks',
    creator: 'ava',
    type: 'post',
    title: 'Share your workspace with #WynDesks',
    description:
      'Post a photo of your desk setup with the hashtag #WynDesks. The best ones get featured in the channel.',
    reward: 30,
    max: 50,
    deadlineDays: 14,
    requirements: 'A public post on any social network.',
    criteria: 'A link to your post and a screenshot.',
    tags: ['Design', 'Social'],
    media: 'cover-social.png',
    fields: { hashtag: '#WynDesks' },
  },
  {
    key: 'colour-grading',
    creator: 'chloe',
    type: 'watch',
    title: 'Watch the colour-grading tutorial',
    description: 'Twelve minutes that will change how you edit: contrast, skin tones and a film look from scratch.',
    reward: 12,
    max: 150,
    requirements: 'Watch the whole video.',
    criteria: 'Tell us which step surprised you the most.',
    tags: ['Video', 'Learning'],
    media: 'cover-video.png',
    fields: { videoId: 'aqz-KE-bpKQ' },
  },
  {
    key: 'study-guide',
    creator: 'dan',
    type: 'visit',
    title: 'Read the Study Group guide',
    description: 'How our weekly study group works: the schedule, the notes template and how to pair up.',
    reward: 8,
    max: null,
    requirements: 'Read the guide to the end.',
    criteria: 'The secret word at the bottom of the guide.',
    tags: ['Learning'],
    fields: { targetUrl: 'https://example.com/study-group-guide' },
  },
  {
    key: 'hi-eve',
    creator: 'eve',
    type: 'message',
    title: 'Say hi to Eve before the meetup',
    description: 'Tell Eve which session you want to attend at the next Creators Meetup so she can plan the room.',
    reward: 5,
    max: 40,
    deadlineDays: 10,
    requirements: 'Send Eve a message in Wyn.',
    criteria: 'Paste the message you sent.',
    tags: ['Events', 'Community'],
    media: 'cover-event.png',
    fields: {},
  },
  {
    key: 'beta-testers',
    creator: 'ben',
    type: 'join',
    title: 'Join the Beta Testers group',
    description: 'Private group for people who want early builds and a say in what we make next.',
    reward: 20,
    max: 60,
    requirements: 'Be ready to play at least one build a month.',
    criteria: 'Checked automatically: you are a member of the group.',
    tags: ['Gaming', 'Telegram', 'Community'],
    fields: {
      channelUsername: 'wyn_beta_testers',
      channelType: 'private_group',
      inviteLink: 'https://t.me/+WynBetaTestersDemo',
      taskDetails: { channel_type: 'private_group', invite_link: 'https://t.me/+WynBetaTestersDemo' },
    },
  },
  {
    key: 'follow-finn',
    creator: 'finn',
    type: 'follow',
    title: 'Follow Finn Studio on Instagram',
    description: 'New prints every month and first dibs on limited runs.',
    reward: 10,
    max: 100,
    requirements: 'A public Instagram account.',
    criteria: 'Your Instagram handle.',
    tags: ['Merch', 'Social'],
    media: 'cover-rewards.png',
    fields: { socialPlatform: 'finn.studio' },
  },
  {
    key: 'learn-with-wyn',
    creator: 'dan',
    type: 'post',
    title: 'Post your study streak with #LearnWithWyn',
    description: 'Seven days in a row? Show it off. Post your streak with #LearnWithWyn and inspire someone else.',
    reward: 20,
    max: null,
    requirements: 'A streak of at least 7 days in any learning app.',
    criteria: 'A link to your post.',
    tags: ['Learning', 'Social'],
    fields: { hashtag: '#LearnWithWyn' },
  },
];

type PerkSeed = {
  key: string;
  creator: MemberKey | null;
  type: PerkType;
  title: string;
  description: string;
  cost: number;
  max: number | null;
  deadlineDays?: number;
  terms: string;
  requirements?: string;
  tags: TagName[];
  media?: string;
  secret: { telegramUrl?: string; discountCode?: string; eventDetails?: string; exclusiveContent?: ExclusiveContent };
};

const PERKS: PerkSeed[] = [
  {
    key: 'vip-lounge',
    creator: 'ben',
    type: 'telegram_invite',
    title: 'Beta Testers VIP Lounge',
    description: 'A private Telegram group with the dev team: early builds, roadmap votes and a weekly AMA.',
    cost: 50,
    max: 100,
    terms: 'One invite per member. Be kind; we remove spammers.',
    tags: ['Gaming', 'Telegram', 'Community'],
    media: 'cover-telegram.png',
    secret: { telegramUrl: 'https://t.me/+WynVipLoungeDemo42' },
  },
  {
    key: 'finn-discount',
    creator: 'finn',
    type: 'discount_code',
    title: '20% off Finn Studio merch',
    description: 'Twenty percent off everything in the Finn Studio shop: prints, tees and sticker sheets.',
    cost: 30,
    max: null,
    deadlineDays: 60,
    terms: 'One use per order. Not combinable with other offers.',
    tags: ['Merch', 'Design'],
    media: 'cover-rewards.png',
    secret: { discountCode: 'FINN20-WYN-DEMO' },
  },
  {
    key: 'rooftop-meetup',
    creator: 'eve',
    type: 'event_invitation',
    title: 'Rooftop Creators Meetup',
    description: 'An evening of short talks, portfolio swaps and sunset views with 25 creators from the community.',
    cost: 80,
    max: 25,
    deadlineDays: 21,
    terms: 'The pass is personal. Doors close at 19:30.',
    requirements: 'Be 18 or older.',
    tags: ['Events', 'Community'],
    media: 'cover-event.png',
    secret: {
      eventDetails:
        'Saturday 19:00 at Skyline Rooftop, 12 Harbour Street, 7th floor. Show pass ROOF-2291-DEMO at the door.',
    },
  },
  {
    key: 'presets',
    creator: 'chloe',
    type: 'exclusive_content',
    title: 'Colour-grading presets pack',
    description: 'The twelve presets I use for every client shoot, with a short guide for each one.',
    cost: 40,
    max: null,
    terms: 'Personal and commercial use. Do not resell.',
    tags: ['Video', 'Design'],
    media: 'cover-video.png',
    secret: {
      exclusiveContent: {
        content_type: 'link',
        external_link: 'https://example.com/downloads/chloe-presets-demo-7f3a.zip',
      },
    },
  },
  {
    key: 'study-notes',
    creator: 'dan',
    type: 'exclusive_content',
    title: 'Study Group notes: weeks 1–4',
    description: 'Four weeks of condensed notes from the study group, with the spaced-repetition schedule we use.',
    cost: 20,
    max: null,
    terms: 'For your own study.',
    tags: ['Learning'],
    secret: {
      exclusiveContent: {
        content_type: 'text',
        text_body:
          'Spaced repetition schedule: review on day 1, 3, 7 and 21. Week 1 — arrays and hashing; week 2 — recursion…',
      },
    },
  },
  {
    key: 'sticker-pack',
    creator: null,
    type: 'discount_code',
    title: 'Wyn sticker pack',
    description: 'A free sheet of Wyn stickers shipped to your door. You pay nothing but points.',
    cost: 15,
    max: 500,
    terms: 'Enter the code at checkout on the Wyn shop. Shipping included.',
    tags: ['Merch', 'Community'],
    secret: { discountCode: 'WYN-STICKERS-DEMO' },
  },
];

/** The secret strings of the demo perks, so tests can prove no public response carries them. */
export const DEMO_SECRETS = PERKS.flatMap((p) =>
  [
    p.secret.telegramUrl,
    p.secret.discountCode,
    p.secret.eventDetails,
    p.secret.exclusiveContent?.external_link,
    p.secret.exclusiveContent?.text_body,
  ].filter((s): s is string => !!s),
);

/** Approved, pending, rejected or just joined: the state of a demo member on a demo quest. */
const COMPLETIONS: Array<{
  quest: string;
  member: MemberKey;
  status: 'joined' | 'pending' | 'approved' | 'rejected';
  proof?: string;
  reason?: string;
}> = [
  { quest: 'design-club', member: 'ben', status: 'approved' },
  { quest: 'design-club', member: 'chloe', status: 'approved' },
  { quest: 'design-club', member: 'dan', status: 'approved' },
  { quest: 'design-club', member: 'eve', status: 'joined' },
  { quest: 'playtest-bot', member: 'ava', status: 'approved', proof: 'Started it, got the welcome message!' },
  { quest: 'playtest-bot', member: 'finn', status: 'pending', proof: 'Done — screenshot attached.' },
  { quest: 'follow-chloe', member: 'ava', status: 'approved', proof: '@ava.makes' },
  { quest: 'follow-chloe', member: 'dan', status: 'pending', proof: '@dan.learns' },
  { quest: 'wyn-desks', member: 'eve', status: 'pending', proof: 'https://example.com/eve/posts/desk-setup' },
  {
    quest: 'wyn-desks',
    member: 'ben',
    status: 'rejected',
    proof: 'my desk',
    reason: 'The post needs the #WynDesks hashtag. Add it and submit again.',
  },
  { quest: 'colour-grading', member: 'dan', status: 'approved', proof: 'The skin-tone isolation trick.' },
  { quest: 'colour-grading', member: 'eve', status: 'approved', proof: 'Building the film look from curves.' },
  { quest: 'colour-grading', member: 'finn', status: 'approved', proof: 'Contrast before saturation — never knew.' },
  { quest: 'hi-eve', member: 'ava', status: 'joined' },
  { quest: 'follow-finn', member: 'chloe', status: 'approved', proof: '@chloe.frames' },
];

const REDEMPTIONS: Array<{ perk: string; member: MemberKey }> = [
  { perk: 'finn-discount', member: 'ava' },
  { perk: 'rooftop-meetup', member: 'dan' },
  { perk: 'study-notes', member: 'eve' },
  { perk: 'sticker-pack', member: 'ben' },
  { perk: 'vip-lounge', member: 'chloe' },
];

const FOLLOWS: Array<[MemberKey, MemberKey]> = [
  ['ben', 'ava'],
  ['chloe', 'ava'],
  ['dan', 'ava'],
  ['eve', 'ava'],
  ['finn', 'ava'],
  ['ava', 'chloe'],
  ['ben', 'chloe'],
  ['dan', 'chloe'],
  ['ava', 'eve'],
  ['chloe', 'eve'],
  ['finn', 'eve'],
  ['ava', 'ben'],
  ['eve', 'ben'],
  ['dan', 'finn'],
];

/** Deletes every row of every table (TRUNCATE fires no row triggers, so the append-only ledger allows it). */
async function truncateAll(tx: Tx) {
  const names = (Object.values(schema) as unknown[])
    .filter((t): t is PgTable => is(t, PgTable))
    .map((t) => `"${getTableName(t)}"`);
  await tx.execute(sql.raw(`truncate table ${names.join(', ')} restart identity cascade`));
}

/**
 * Makes the seed images readable by every instance. On disk nothing is copied: `/media/seed/` serves the
 * package's own files (a copy in one instance's DATA_DIR was a 404 on every other). With object storage they
 * are uploaded to the bucket (replacing older copies), from which every instance reads `/media/*`.
 * Returns how many were uploaded.
 */
export async function publishSeedMedia(config: Config): Promise<number> {
  const storage = openMediaStorage(config);
  if (storage.kind !== 'object') return 0;
  const files = (await readdir(SEED_ASSETS_DIR)).filter((f) => f.toLowerCase().endsWith('.png'));
  for (const f of files)
    await storage.putNamed(SEED_MEDIA_PREFIX + f, await readFile(path.join(SEED_ASSETS_DIR, f)), 'image/png');
  return files.length;
}

async function lockSeeding(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('wyn:seed'))`);
}

async function userCount(db: Db | Tx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export type SeedSummary = {
  members: number;
  quests: number;
  perks: number;
  tags: number;
  banners: number;
  notifications: number;
};

async function seedContent(tx: Tx, config: Config, passwordHash: string): Promise<SeedSummary> {
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
  for (const m of MEMBERS) {
    await notify(
      m.key,
      'system',
      `Welcome to ${config.productName}`,
      'Complete quests to earn W, then spend them on perks from the community.',
      '/explore',
      m.joinedDaysAgo * 24,
      true,
    );
    await notify(
      m.key,
      'promotion',
      'New this week: Rooftop Creators Meetup',
      'Only 25 passes. Redeem yours before they are gone.',
      `/perk/${perkRow['rooftop-meetup']!.id}`,
      3,
    );
  }

  // A short conversation so Messages is not empty.
  const chat: Array<[MemberKey, MemberKey, string]> = [
    ['ben', 'ava', 'Loved this week’s design prompt! Can I submit two entries?'],
    ['ava', 'ben', 'Of course — post both in the channel and tag them #WynDesks.'],
    ['ben', 'ava', 'Perfect, thanks! See you at Eve’s meetup?'],
    ['eve', 'dan', 'Your meetup pass is confirmed. Bring a friend next time!'],
  ];
  for (const [i, [from, to, content]] of chat.entries()) {
    const sentAt = ago((chat.length - i) * 20 * 60 * 1000);
    await tx
      .insert(messages)
      .values({ senderId: member[from].id, receiverId: member[to].id, content, sentAt, readAt: i < 2 ? sentAt : null });
  }

  // Banners, with images served from /media/seed/.
  const bannerRows = [
    {
      title: 'Complete quests, earn W',
      description: 'Join channels, follow creators and share your work. Every quest pays Wyn Points.'.replace(
        'Wyn',
        config.productName,
      ),
      imageUrl: media('banner-quests.png'),
      link: `${config.publicUrl}/explore?tab=tasks`,
      order: 1,
    },
    {
      title: 'Spend your points on perks',
      description: 'Private invites, discount codes, events and exclusive content from the community.',
      imageUrl: media('banner-perks.png'),
      link: `${config.publicUrl}/explore?tab=perks`,
      order: 2,
    },
    {
      title: 'Create your own quest',
      description: 'Grow your channel: fund a quest and reward the members who take part.',
      imageUrl: media('banner-community.png'),
      link: `${config.publicUrl}/create`,
      order: 3,
    },
  ];
  await tx.insert(banners).values(bannerRows);

  // Home sections of each kind, with curated items.
  const sectionSpecs: Array<{
    title: string;
    type: 'task_carousel' | 'perk_carousel' | 'user_carousel';
    order: number;
    items: string[];
  }> = [
    {
      title: 'Featured Quests',
      type: 'task_carousel',
      order: 1,
      items: ['design-club', 'wyn-desks', 'colour-grading', 'playtest-bot', 'hi-eve'].map((k) => questRow[k]!.id),
    },
    {
      title: 'Featured Perks',
      type: 'perk_carousel',
      order: 2,
      items: ['rooftop-meetup', 'vip-lounge', 'finn-discount', 'presets'].map((k) => perkRow[k]!.id),
    },
    {
      title: 'Top Users',
      type: 'user_carousel',
      order: 3,
      items: (['ava', 'chloe', 'eve', 'ben'] as MemberKey[]).map((k) => member[k].id),
    },
  ];
  for (const s of sectionSpecs) {
    const [section] = await tx
      .insert(homeSections)
      .values({ title: s.title, sectionType: s.type, order: s.order })
      .returning({ id: homeSections.id });
    await tx.insert(homeSectionItems).values(
      s.items.map((id, order) => ({
        sectionId: section!.id,
        order,
        questId: s.type === 'task_carousel' ? id : null,
        perkId: s.type === 'perk_carousel' ? id : null,
        userId: s.type === 'user_carousel' ? id : null,
      })),
    );
  }

  // Featured items and top picks.
  const q = (k: string) => questRow[k]!.id;
  const p = (k: string) => perkRow[k]!.id;
  await tx.insert(featuredItems).values([
    { placement: 'featured', questId: q('design-club'), order: 1 },
    { placement: 'featured', questId: q('colour-grading'), order: 2 },
    { placement: 'featured', questId: q('follow-finn'), order: 3 },
    { placement: 'featured', perkId: p('rooftop-meetup'), order: 1 },
    { placement: 'featured', perkId: p('presets'), order: 2 },
    { placement: 'featured', userId: member.ava.id, order: 1 },
    { placement: 'featured', userId: member.chloe.id, order: 2 },
    { placement: 'top_pick', questId: q('wyn-desks'), order: 1 },
    { placement: 'top_pick', perkId: p('vip-lounge'), order: 2 },
    { placement: 'top_pick', questId: q('beta-testers'), order: 3 },
    { placement: 'top_pick', perkId: p('finn-discount'), order: 4 },
  ]);

  // Explore: categories, popular searches, filters.
  await tx.insert(exploreCategories).values([
    {
      title: 'Telegram quests',
      description: 'Join channels, start bots and say hello.',
      icon: '📣',
      contentType: 'tasks',
      filterCriteria: { task_type: ['join', 'start_bot', 'message'] },
      order: 1,
    },
    {
      title: 'Social quests',
      description: 'Follow creators and share your work.',
      icon: '✨',
      contentType: 'tasks',
      filterCriteria: { task_type: ['follow', 'post'] },
      order: 2,
    },
    {
      title: 'Watch & learn',
      description: 'Videos and guides that pay you to learn.',
      icon: '🎬',
      contentType: 'tasks',
      filterCriteria: { task_type: ['watch', 'visit'] },
      order: 3,
    },
    {
      title: 'Exclusive content',
      description: 'Presets, notes and downloads from creators.',
      icon: '🔒',
      contentType: 'perks',
      filterCriteria: { perk_type: ['exclusive_content'] },
      order: 4,
    },
    {
      title: 'Events',
      description: 'Meetups, workshops and parties.',
      icon: '🎟️',
      contentType: 'perks',
      filterCriteria: { perk_type: ['event_invitation'] },
      order: 5,
    },
    {
      title: 'Top creators',
      description: 'The most-followed members.',
      icon: '🏆',
      contentType: 'users',
      filterCriteria: { ordering: '-followers_count' },
      order: 6,
    },
  ]);
  await tx.insert(popularSearches).values([
    { searchTerm: 'design', isPromoted: true, searchCount: 128, order: 1 },
    { searchTerm: 'meetup', isPromoted: true, searchCount: 96, order: 2 },
    { searchTerm: 'telegram', searchCount: 87, order: 3 },
    { searchTerm: 'discount', searchCount: 64, order: 4 },
    { searchTerm: 'video', searchCount: 41, order: 5 },
    { searchTerm: 'gaming', searchCount: 33, order: 6 },
  ]);
  await tx.insert(exploreFilters).values([
    {
      contentType: 'tasks',
      name: 'task_type',
      displayName: 'Quest type',
      filterType: 'checkbox',
      order: 1,
      options: [
        { value: 'join', label: 'Join a channel' },
        { value: 'start_bot', label: 'Start a bot' },
        { value: 'follow', label: 'Follow an account' },
        { value: 'post', label: 'Post a hashtag' },
        { value: 'watch', label: 'Watch a video' },
        { value: 'visit', label: 'Visit a link' },
        { value: 'message', label: 'Send a message' },
      ],
    },
    {
      contentType: 'perks',
      name: 'perk_type',
      displayName: 'Perk type',
      filterType: 'checkbox',
      order: 1,
      options: [
        { value: 'telegram_invite', label: 'Telegram invite' },
        { value: 'exclusive_content', label: 'Exclusive content' },
        { value: 'discount_code', label: 'Discount code' },
        { value: 'event_invitation', label: 'Event invitation' },
      ],
    },
    // Options of a tags filter left empty are filled with the most used tags when read.
    { contentType: 'tasks', name: 'tags', displayName: 'Tags', filterType: 'checkbox', order: 2, options: [] },
    {
      contentType: 'tasks',
      name: 'reward_range',
      displayName: 'Reward',
      filterType: 'radio',
      order: 3,
      options: [
        { value: '0-10', label: 'Under 10 W' },
        { value: '10-25', label: '10–24 W' },
        { value: '25-', label: '25 W or more' },
      ],
    },
    { contentType: 'perks', name: 'tags', displayName: 'Tags', filterType: 'checkbox', order: 2, options: [] },
    {
      contentType: 'perks',
      name: 'cost_range',
      displayName: 'Cost',
      filterType: 'radio',
      order: 3,
      options: [
        { value: '0-25', label: 'Under 25 W' },
        { value: '25-50', label: '25–49 W' },
        { value: '50-', label: '50 W or more' },
      ],
    },
    {
      contentType: 'users',
      name: 'account_type',
      displayName: 'Account',
      filterType: 'checkbox',
      order: 1,
      options: [
        { value: 'business', label: 'Business accounts' },
        { value: 'personal', label: 'Personal accounts' },
      ],
    },
  ]);

  return {
    members: MEMBERS.length,
    quests: QUESTS.length,
    perks: PERKS.length,
    tags: TAGS.length,
    banners: bannerRows.length,
    notifications: notificationCount,
  };
}

const hashDemoPassword = () => argon2.hash(DEMO_PASSWORD, { type: argon2.argon2id });

export class SeedRefusedError extends Error {}

/**
 * Seeds the demo content in one transaction. With `reset`, every table is emptied first. Without it the
 * database must have no members yet.
 */
export async function seed(db: Db, opts: { config: Config; reset?: boolean }): Promise<SeedSummary> {
  const passwordHash = await hashDemoPassword();
  await publishSeedMedia(opts.config);
  const summary = await db.transaction(async (tx) => {
    await lockSeeding(tx);
    if (opts.reset) await truncateAll(tx);
    else if ((await userCount(tx)) > 0)
      throw new SeedRefusedError(
        'The database already has members; use --reset to replace everything with the demo content.',
      );
    return seedContent(tx, opts.config, passwordHash);
  });
  homeContentChanged();
  return summary;
}

/** Seeds only a database without members (first start). Returns whether it seeded. */
export async function seedIfEmpty(
  db: Db,
  opts: { config: Config; log?: Pick<FastifyBaseLogger, 'info'> },
): Promise<boolean> {
  if ((await userCount(db)) > 0) return false;
  const passwordHash = await hashDemoPassword();
  await publishSeedMedia(opts.config);
  const summary = await db.transaction(async (tx) => {
    await lockSeeding(tx);
    if ((await userCount(tx)) > 0) return null; // another instance seeded while we waited for the lock
    return seedContent(tx, opts.config, passwordHash);
  });
  if (summary) {
    homeContentChanged();
    opts.log?.info({ seed: summary }, `Seeded demo content (demo members sign in with password "${DEMO_PASSWORD}")`);
  }
  return summary !== null;
}
