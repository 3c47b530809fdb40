import { z } from 'zod';
import { amountString } from './common.ts';
import { channelType, contentType, perkType, questType } from './enums.ts';

/**
 * Creator tools (issue #15 items 12, 13): a quest or perk's analytics, and its duplicate as a filled-in create
 * form. Quests have no draft state end to end (creating one publishes it and takes its escrow), so duplicating
 * does not create anything: it answers the create body the wizard opens with (docs/product.md, "Duplicating").
 */

/** `?days=30|90` (default 30): how many UTC days the series covers, today included. */
export const analyticsQuery = z.object({
  days: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Number(v)),
    z.union([z.literal(30), z.literal(90)]).default(30),
  ),
});
export type AnalyticsQuery = z.input<typeof analyticsQuery>;

export const questAnalyticsDay = z.object({
  /** `YYYY-MM-DD` (UTC). */
  date: z.string(),
  views: z.number().int(),
  joins: z.number().int(),
  submissions: z.number().int(),
  approvals: z.number().int(),
  rejections: z.number().int(),
  w_paid: amountString,
});
export type QuestAnalyticsDay = z.infer<typeof questAnalyticsDay>;

/**
 * `GET tasks/{id}/analytics/` (creator and staff). Views: one per member (not the creator) per UTC day.
 * Totals are all time; `submissions` counts participations that sent proof (pending, approved or rejected now),
 * `average_review_seconds` is from proof sent to the decision over decided participations (null before any).
 */
export const questAnalytics = z.object({
  days: z.number().int(),
  totals: z.object({
    views: z.number().int(),
    joins: z.number().int(),
    submissions: z.number().int(),
    approvals: z.number().int(),
    rejections: z.number().int(),
    average_review_seconds: z.number().int().nullable(),
    w_paid: amountString,
  }),
  series: z.array(questAnalyticsDay),
});
export type QuestAnalytics = z.infer<typeof questAnalytics>;

export const perkAnalyticsDay = z.object({
  date: z.string(),
  views: z.number().int(),
  redemptions: z.number().int(),
  w_earned: amountString,
});
export type PerkAnalyticsDay = z.infer<typeof perkAnalyticsDay>;

/** `GET perks/{id}/analytics/` (creator and staff). `stock_left` is null for a perk without a limit. */
export const perkAnalytics = z.object({
  days: z.number().int(),
  totals: z.object({
    views: z.number().int(),
    redemptions: z.number().int(),
    w_earned: amountString,
    stock_left: z.number().int().nullable(),
  }),
  series: z.array(perkAnalyticsDay),
});
export type PerkAnalytics = z.infer<typeof perkAnalytics>;

/**
 * `GET tasks/{id}/duplicate/`: a valid `POST tasks/` body copied from the quest (cover and tags kept; a
 * deadline already past left out). Absent fields were empty on the original.
 */
export const questDuplicate = z.object({
  title: z.string(),
  description: z.string(),
  reward_amount: amountString,
  task_type: questType,
  max_participants: z.number().int().optional(),
  /** Kept from the source (absent when anyone may take part). */
  min_level: z.number().int().optional(),
  deadline: z.string().optional(),
  participation_requirements: z.string().optional(),
  completion_criteria: z.string().optional(),
  tags: z.array(z.uuid()),
  media: z.string().optional(),
  channel_username: z.string().optional(),
  channel_type: channelType.optional(),
  invite_link: z.string().optional(),
  bot_username: z.string().optional(),
  social_platform: z.string().optional(),
  hashtag: z.string().optional(),
  video_id: z.string().optional(),
  target_url: z.string().optional(),
});
export type QuestDuplicate = z.infer<typeof questDuplicate>;

/**
 * `GET perks/{id}/duplicate/`: a valid `POST perks/` body copied from the creator's own perk, its delivered
 * content included (cover and tags kept; a deadline already past left out).
 */
export const perkDuplicate = z.object({
  title: z.string(),
  description: z.string(),
  cost_amount: amountString,
  perk_type: perkType,
  max_participants: z.number().int().optional(),
  min_level: z.number().int().optional(),
  deadline: z.string().optional(),
  purchase_requirements: z.string().optional(),
  terms_and_conditions: z.string().optional(),
  tags: z.array(z.uuid()),
  media: z.string().optional(),
  telegram_url: z.string().optional(),
  discount_code: z.string().optional(),
  event_details: z.string().optional(),
  exclusive_content: z
    .object({
      content_type: contentType,
      text_body: z.string().optional(),
      external_link: z.string().optional(),
      media_urls: z.array(z.string()).optional(),
      permanent_media_url: z.string().nullable().optional(),
    })
    .optional(),
});
export type PerkDuplicate = z.infer<typeof perkDuplicate>;

/**
 * `GET creator/summary/?days=30|90`: the signed-in creator's quests and perks together over the last `days` UTC
 * days (views, joins and W paid; views, redemptions and W earned), for the summary on their own profile.
 * `count` is how many quests or perks they have (all time, archived ones left out).
 */
export const creatorSummary = z.object({
  days: z.number().int(),
  quests: z.object({
    count: z.number().int(),
    views: z.number().int(),
    joins: z.number().int(),
    w_paid: amountString,
  }),
  perks: z.object({
    count: z.number().int(),
    views: z.number().int(),
    redemptions: z.number().int(),
    w_earned: amountString,
  }),
});
export type CreatorSummary = z.infer<typeof creatorSummary>;
