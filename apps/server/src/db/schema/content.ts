import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from './columns.ts';
import { users } from './users.ts';
import { transactions } from './wallets.ts';
import { channelTypes, perkStatuses, perkTypes, questStatuses, questTypes } from '@wyn/contract';

export const tags = pgTable(
  'tags',
  {
    id: id(),
    name: text('name').notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tags_name_lower_uq').on(sql`lower(${t.name})`)],
);

export const media = pgTable(
  'media',
  {
    id: id(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    storageKey: text('storage_key').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    originalName: text('original_name'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('media_storage_key_uq').on(t.storageKey), index('media_owner_idx').on(t.ownerId, t.createdAt)],
);

export const quests = pgTable(
  'quests',
  {
    id: id(),
    creatorId: uuid('creator_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    taskType: text('task_type', {
      enum: questTypes,
    }).notNull(),
    status: text('status', { enum: questStatuses }).notNull().default('published'),
    rewardAmount: bigint('reward_amount', { mode: 'number' }).notNull(),
    maxParticipants: integer('max_participants'),
    /** The level a member needs to join (quest) or redeem (perk); 0 for anyone (issue #16 item 2). */
    minLevel: integer('min_level').notNull().default(0),
    currentParticipants: integer('current_participants').notNull().default(0),
    deadline: tstz('deadline'),
    participationRequirements: text('participation_requirements').notNull().default(''),
    completionCriteria: text('completion_criteria').notNull().default(''),
    channelUsername: text('channel_username'),
    channelType: text('channel_type', { enum: channelTypes }),
    inviteLink: text('invite_link'),
    telegramChatId: text('telegram_chat_id'),
    botUsername: text('bot_username'),
    socialPlatform: text('social_platform'),
    hashtag: text('hashtag'),
    videoId: text('video_id'),
    targetUrl: text('target_url'),
    taskDetails: jsonb('task_details').$type<Record<string, unknown>>().notNull().default({}),
    mediaUrl: text('media_url'),
    likesCount: integer('likes_count').notNull().default(0),
    sharesCount: integer('shares_count').notNull().default(0),
    isHidden: boolean('is_hidden').notNull().default(false),
    /** Hidden by staff (moderation), unlike `is_hidden` (archived by its creator): its owner still sees it, marked. */
    hiddenByStaff: boolean('hidden_by_staff').notNull().default(false),
    hiddenReason: text('hidden_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('quests_reward_pos', sql`${t.rewardAmount} > 0`),
    check('quests_max_pos', sql`${t.maxParticipants} is null or ${t.maxParticipants} >= 1`),
    check(
      'quests_participants_within_max',
      sql`${t.currentParticipants} >= 0 and (${t.maxParticipants} is null or ${t.currentParticipants} <= ${t.maxParticipants})`,
    ),
    index('quests_created_idx').on(t.createdAt),
    index('quests_creator_idx').on(t.creatorId, t.createdAt),
    index('quests_status_idx').on(t.status, t.createdAt),
    // Explore's "highest reward" order, walked backwards when a search matches thousands of quests.
    index('quests_reward_idx').on(t.rewardAmount, t.createdAt, t.id),
    // Explore's trigram index (0002_search) and stored search_tsv column with its GIN index (0003) are
    // hand-written in the migrations.
  ],
);

export const questTags = pgTable(
  'quest_tags',
  {
    questId: uuid('quest_id')
      .notNull()
      .references(() => quests.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.questId, t.tagId] }), index('quest_tags_tag_idx').on(t.tagId)],
);

export const questCompletions = pgTable(
  'quest_completions',
  {
    id: id(),
    questId: uuid('quest_id')
      .notNull()
      .references(() => quests.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** joined → pending (proof sent) → approved | rejected; a rejected member may submit again. */
    verificationStatus: text('verification_status', { enum: ['joined', 'pending', 'approved', 'rejected'] })
      .notNull()
      .default('joined'),
    proofText: text('proof_text'),
    proofImage: text('proof_image'),
    proofData: jsonb('proof_data').$type<Record<string, unknown>>(),
    rejectionReason: text('rejection_reason'),
    joinedAt: createdAt(),
    submittedAt: tstz('submitted_at'),
    completionDate: tstz('completion_date'),
    verifiedDate: tstz('verified_date'),
    verifiedById: uuid('verified_by_id').references(() => users.id, { onDelete: 'set null' }),
    rewardTransactionId: uuid('reward_transaction_id').references(() => transactions.id),
  },
  (t) => [
    uniqueIndex('quest_completions_pair_uq').on(t.questId, t.userId),
    index('quest_completions_user_idx').on(t.userId, t.joinedAt),
    index('quest_completions_status_idx').on(t.questId, t.verificationStatus),
  ],
);

export const questLikes = pgTable(
  'quest_likes',
  {
    questId: uuid('quest_id')
      .notNull()
      .references(() => quests.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.questId, t.userId] })],
);

/** One-time `/start <token>` deep-link tokens for start_bot quests on the product's own bot. */
export const botStartTokens = pgTable('bot_start_tokens', {
  token: text('token').primaryKey(),
  questId: uuid('quest_id')
    .notNull()
    .references(() => quests.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  usedAt: tstz('used_at'),
});

export type ExclusiveContent = {
  content_type: 'text' | 'images' | 'video' | 'link';
  text_body?: string;
  external_link?: string;
  media_urls?: string[];
  permanent_media_url?: string | null;
};

export const perks = pgTable(
  'perks',
  {
    id: id(),
    creatorId: uuid('creator_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    perkType: text('perk_type', {
      enum: perkTypes,
    }).notNull(),
    status: text('status', { enum: perkStatuses }).notNull().default('active'),
    costAmount: bigint('cost_amount', { mode: 'number' }).notNull(),
    maxParticipants: integer('max_participants'),
    /** The level a member needs to join (quest) or redeem (perk); 0 for anyone (issue #16 item 2). */
    minLevel: integer('min_level').notNull().default(0),
    purchasedCount: integer('purchased_count').notNull().default(0),
    deadline: tstz('deadline'),
    purchaseRequirements: text('purchase_requirements').notNull().default(''),
    termsAndConditions: text('terms_and_conditions').notNull().default(''),
    // Secret fields: only the creator and members who redeemed ever see these.
    telegramUrl: text('telegram_url'),
    telegramChatId: text('telegram_chat_id'),
    discountCode: text('discount_code'),
    eventDetails: text('event_details'),
    exclusiveContent: jsonb('exclusive_content').$type<ExclusiveContent>(),
    mediaUrl: text('media_url'),
    isVerified: boolean('is_verified').notNull().default(false),
    isHidden: boolean('is_hidden').notNull().default(false),
    /** Hidden by staff (moderation), unlike `is_hidden` (archived by its creator): its owner still sees it, marked. */
    hiddenByStaff: boolean('hidden_by_staff').notNull().default(false),
    hiddenReason: text('hidden_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('perks_cost_pos', sql`${t.costAmount} > 0`),
    check('perks_max_nonneg', sql`${t.maxParticipants} is null or ${t.maxParticipants} >= 0`),
    check(
      'perks_purchased_within_max',
      sql`${t.purchasedCount} >= 0 and (${t.maxParticipants} is null or ${t.purchasedCount} <= ${t.maxParticipants})`,
    ),
    index('perks_created_idx').on(t.createdAt),
    index('perks_creator_idx').on(t.creatorId, t.createdAt),
    index('perks_status_idx').on(t.status, t.createdAt),
    // Explore's cost orders, walked when a search matches thousands of perks.
    index('perks_cost_idx').on(t.costAmount, t.createdAt, t.id),
    // Explore's trigram and full-text expression indexes are hand-written in migration 0002_search.
  ],
);

export const perkTags = pgTable(
  'perk_tags',
  {
    perkId: uuid('perk_id')
      .notNull()
      .references(() => perks.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.perkId, t.tagId] }), index('perk_tags_tag_idx').on(t.tagId)],
);

/** A member's redemption keeps the content delivered to them, even if the perk is later edited or deleted. */
export const perkRedemptions = pgTable(
  'perk_redemptions',
  {
    id: id(),
    perkId: uuid('perk_id').references(() => perks.id, { onDelete: 'set null' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    transactionId: uuid('transaction_id').references(() => transactions.id),
    perkTitle: text('perk_title').notNull(),
    deliveredContent: jsonb('delivered_content').$type<Record<string, unknown>>().notNull().default({}),
    redeemedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('perk_redemptions_pair_uq').on(t.perkId, t.userId),
    index('perk_redemptions_user_idx').on(t.userId, t.redeemedAt),
  ],
);
