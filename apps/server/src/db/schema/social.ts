import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from './columns.ts';
import { users } from './users.ts';
import { notificationTypes, sectionTypes } from '@wyn/contract';

export const messages = pgTable(
  'messages',
  {
    id: id(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    messageType: text('message_type', { enum: ['text'] })
      .notNull()
      .default('text'),
    replyToId: uuid('reply_to_id'),
    sentAt: createdAt(),
    readAt: tstz('read_at'),
    /** Hidden by staff (moderation): gone for everyone but its sender, who sees why. */
    hiddenByStaff: boolean('hidden_by_staff').notNull().default(false),
    hiddenReason: text('hidden_reason'),
  },
  (t) => [
    check('messages_not_self', sql`${t.senderId} <> ${t.receiverId}`),
    index('messages_pair_idx').on(t.senderId, t.receiverId, t.sentAt),
    index('messages_receiver_idx').on(t.receiverId, t.sentAt),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull().default(''),
    notificationType: text('notification_type', {
      enum: notificationTypes,
    }).notNull(),
    isRead: boolean('is_read').notNull().default(false),
    link: text('link'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`not ${t.isRead}`),
  ],
);

export const banners = pgTable('banners', {
  id: id(),
  title: text('title').notNull(),
  description: text('description'),
  imageUrl: text('image_url').notNull(),
  link: text('link'),
  order: integer('order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  /** Shown on Home only inside this window (either end open). */
  startsAt: tstz('starts_at'),
  endsAt: tstz('ends_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const homeSections = pgTable('home_sections', {
  id: id(),
  title: text('title').notNull(),
  sectionType: text('section_type', { enum: sectionTypes }).notNull(),
  order: integer('order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
});

export const homeSectionItems = pgTable(
  'home_section_items',
  {
    id: id(),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => homeSections.id, { onDelete: 'cascade' }),
    questId: uuid('quest_id'),
    perkId: uuid('perk_id'),
    userId: uuid('user_id'),
    order: integer('order').notNull().default(0),
  },
  (t) => [
    check('home_section_items_one_target', sql`num_nonnulls(${t.questId}, ${t.perkId}, ${t.userId}) = 1`),
    index('home_section_items_section_idx').on(t.sectionId, t.order),
  ],
);

/** Staff-curated picks: top-picks/ and featured-quests|perks|users/. */
export const featuredItems = pgTable(
  'featured_items',
  {
    id: id(),
    placement: text('placement', { enum: ['top_pick', 'featured'] }).notNull(),
    questId: uuid('quest_id'),
    perkId: uuid('perk_id'),
    userId: uuid('user_id'),
    order: integer('order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('featured_items_one_target', sql`num_nonnulls(${t.questId}, ${t.perkId}, ${t.userId}) = 1`),
    index('featured_items_placement_idx').on(t.placement, t.order),
  ],
);

export const exploreCategories = pgTable('explore_categories', {
  id: id(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  icon: text('icon').notNull().default(''),
  contentType: text('content_type', { enum: ['tasks', 'perks', 'users', 'mixed'] }).notNull(),
  filterCriteria: jsonb('filter_criteria').$type<Record<string, unknown>>().notNull().default({}),
  order: integer('order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
});

/** Counted from real searches: one row per normalised term (Explore upserts on lower(search_term)). */
export const popularSearches = pgTable(
  'popular_searches',
  {
    id: id(),
    searchTerm: text('search_term').notNull(),
    isPromoted: boolean('is_promoted').notNull().default(false),
    searchCount: integer('search_count').notNull().default(0),
    order: integer('order').notNull().default(0),
    /** Staff keep a computed term out of the list (it is still counted). */
    isSuppressed: boolean('is_suppressed').notNull().default(false),
  },
  (t) => [
    uniqueIndex('popular_searches_term_lower_uq').on(sql`lower(${t.searchTerm})`),
    index('popular_searches_rank_idx').on(t.isPromoted, t.searchCount),
  ],
);

export const exploreFilters = pgTable('explore_filters', {
  id: id(),
  contentType: text('content_type', { enum: ['tasks', 'perks', 'users'] }).notNull(),
  name: text('name').notNull(),
  displayName: text('display_name').notNull(),
  filterType: text('filter_type', { enum: ['checkbox', 'radio'] }).notNull(),
  options: jsonb('options').$type<{ value: string; label: string }[]>().notNull().default([]),
  order: integer('order').notNull().default(0),
});

/** Money-moving POSTs remember their first response per (user, key) so a repeat returns it. */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** sha256 of method, path and the canonical body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull().default(''),
    /** Null while the first request's transaction has not finished (never visible once committed). */
    statusCode: integer('status_code'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('idempotency_records_scope_uq').on(t.userId, t.method, t.path, t.key),
    index('idempotency_records_created_idx').on(t.createdAt),
  ],
);
