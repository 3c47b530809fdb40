import { z } from 'zod';
import { amountString, pageQuery } from './common.ts';
import { contentType, perkType } from './enums.ts';
import {
  blankToUndefined,
  deadlineString,
  descriptionText,
  jsonString,
  maxParticipantsNumber,
  optionalText,
  positiveAmount,
  tagIds,
  titleText,
} from './fields.ts';
import { perkCard } from './home.ts';
import { LIMITS } from './limits.ts';
import { isBlobUrl, privateMediaRefOf } from './media-policy.ts';
import { PERK_MSG } from './perk-messages.ts';
import { moderationState } from './staff-moderation.ts';
import { tag } from './tags.ts';
import { minLevelField, xpLevelState } from './leaderboard.ts';

/** Perk requests and responses: docs/spec/01-signin-home-create.md §3, §5, §7 and docs/spec/02-explore-details-wallet-social.md §2–§8; docs/product.md (perk delivery). */

export { PERK_MSG, PerkErrorCode } from './perk-messages.ts';

/** In PATCH: `null` or '' clears the field. */
const nullableText = (max = 500) =>
  z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(max).nullable().optional());

const HTTP_URL = /^https?:\/\/[^\s]+$/i;
/** An uploaded file (`/media/...`, as returned by media/upload/) or an http(s) address. */
export const isUsableMediaUrl = (s: string) => /^\/media\/[\w./-]+$/.test(s) || HTTP_URL.test(s);
export { isBlobUrl } from './media-policy.ts';
/** What exclusive content may name: the above, or a private upload (its reference or a signed URL of it). */
const isExclusiveMediaUrl = (s: string) => isUsableMediaUrl(s) || privateMediaRefOf(s) !== null;

/**
 * Exclusive content as a creator sends it (object or JSON string). Temporary `blob:` addresses are removed
 * from media_urls (docs/spec/01-signin-home-create.md §5); what remains must be an uploaded file or an http(s) address. Whether the
 * content is complete for its content_type is checked by `exclusiveContentProblem` (after uploads).
 */
export const exclusiveContentInput = z.preprocess(
  jsonString,
  z.object(
    {
      content_type: contentType,
      text_body: optionalText(LIMITS.descriptionMax),
      external_link: z.preprocess(
        blankToUndefined,
        z.string().trim().max(2000).regex(HTTP_URL, PERK_MSG.linkInvalid).optional(),
      ),
      media_urls: z.preprocess(
        (v) => (Array.isArray(v) ? v.filter((u) => !(typeof u === 'string' && (isBlobUrl(u) || !u.trim()))) : v),
        z.array(z.string().trim().max(2000).refine(isExclusiveMediaUrl, PERK_MSG.mediaUrlInvalid)).max(20).optional(),
      ),
      permanent_media_url: z.preprocess(
        (v) => (v === '' || (typeof v === 'string' && isBlobUrl(v)) ? null : v),
        z.string().trim().max(2000).refine(isExclusiveMediaUrl, PERK_MSG.mediaUrlInvalid).nullable().optional(),
      ),
    },
    { error: PERK_MSG.contentRequired },
  ),
);
export type ExclusiveContentInput = z.output<typeof exclusiveContentInput>;

export const exclusiveContent = z.object({
  content_type: contentType,
  text_body: z.string().optional(),
  external_link: z.string().optional(),
  media_urls: z.array(z.string()).optional(),
  permanent_media_url: z.string().nullable().optional(),
});
export type ExclusiveContent = z.infer<typeof exclusiveContent>;

/** The sentence for incomplete exclusive content, or null when it is complete (docs/spec/01-signin-home-create.md §5). */
export function exclusiveContentProblem(
  c: ExclusiveContentInput | undefined | null,
): { field: string; message: string } | null {
  if (!c) return { field: 'exclusive_content', message: PERK_MSG.contentRequired };
  switch (c.content_type) {
    case 'text':
      return c.text_body ? null : { field: 'exclusive_content.text_body', message: PERK_MSG.textRequired };
    case 'link':
      return c.external_link ? null : { field: 'exclusive_content.external_link', message: PERK_MSG.linkRequired };
    default:
      return c.permanent_media_url || c.media_urls?.length
        ? null
        : { field: 'exclusive_content.permanent_media_url', message: PERK_MSG.mediaRequired };
  }
}

const costAmountValue = positiveAmount(PERK_MSG.costPositive, 'Cost too large');
const maxParticipants = maxParticipantsNumber(PERK_MSG.maxParticipantsMin);
const deadline = deadlineString(PERK_MSG.deadlineInvalid);
/** Required, with the spec's sentence when missing or blank (a bare `.refine` after `.optional()` never sees undefined). */
const required = <T extends z.ZodType>(schema: T, message: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .any()
      .refine((v) => v !== undefined, { message, abort: true })
      .pipe(schema),
  );

/**
 * `POST perks/` (JSON, or multipart where every field is a string, `tags` and `exclusive_content` are JSON
 * strings, and the files are `media` (the perk's public cover, never its exclusive content) and `exclusive_media`
 * (the exclusive image or video, stored privately; it becomes `permanent_media_url`)). Exclusive images and
 * video must be private uploads of the creator (see PRIVATE_MEDIA_PATH). Creator, status, counts and
 * `is_verified` are set by the server; a client's `is_verified` is ignored.
 */
export const createPerkRequest = z
  .object({
    title: titleText(PERK_MSG, { error: PERK_MSG.missingBasics }),
    description: descriptionText(PERK_MSG, { error: PERK_MSG.missingBasics }),
    cost_amount: required(costAmountValue, PERK_MSG.missingBasics),
    perk_type: required(perkType, PERK_MSG.perkTypeRequired),
    status: z.literal('active').optional(),
    is_verified: z.unknown().optional(),
    max_participants: z.preprocess(blankToUndefined, maxParticipants.optional()),
    deadline: z.preprocess(blankToUndefined, deadline.optional()),
    purchase_requirements: optionalText(LIMITS.descriptionMax),
    terms_and_conditions: optionalText(LIMITS.descriptionMax),
    tags: tagIds,
    /** A URL returned by `POST media/upload/` (JSON creation); multipart creation sends the file as `media`. */
    media: z.preprocess(
      blankToUndefined,
      z.string().trim().refine(isUsableMediaUrl, 'Media must be a URL returned by media/upload/').optional(),
    ),
    telegram_url: z.preprocess(
      blankToUndefined,
      z.string().trim().max(500).regex(HTTP_URL, PERK_MSG.telegramUrlInvalid).optional(),
    ),
    discount_code: optionalText(200),
    event_details: optionalText(LIMITS.descriptionMax),
    exclusive_content: z.preprocess(blankToUndefined, exclusiveContentInput.optional()),
    /** Members below this level may not redeem it (0: anyone). */
    min_level: minLevelField,
  })
  .superRefine((p, ctx) => {
    const need = (field: 'telegram_url' | 'discount_code' | 'event_details' | 'exclusive_content', message: string) => {
      if (!p[field]) ctx.addIssue({ code: 'custom', path: [field], message });
    };
    switch (p.perk_type) {
      case 'telegram_invite':
        need('telegram_url', PERK_MSG.telegramUrlRequired);
        break;
      case 'discount_code':
        need('discount_code', PERK_MSG.discountCodeRequired);
        break;
      case 'event_invitation':
        need('event_details', PERK_MSG.eventDetailsRequired);
        break;
      case 'exclusive_content':
        need('exclusive_content', PERK_MSG.contentRequired);
        break;
      default:
        break;
    }
  });
export type CreatePerkRequest = z.input<typeof createPerkRequest>;
export type CreatePerkInput = z.output<typeof createPerkRequest>;

/** `PATCH perks/{id}/`: only these fields; anything else is a 400. `null` clears an optional field. */
export const updatePerkRequest = z.strictObject({
  title: titleText(PERK_MSG).optional(),
  description: descriptionText(PERK_MSG).optional(),
  terms_and_conditions: nullableText(LIMITS.descriptionMax),
  purchase_requirements: nullableText(LIMITS.descriptionMax),
  cost_amount: costAmountValue.optional(),
  deadline: z.preprocess((v) => (v === '' ? null : v), deadline.nullable().optional()),
  max_participants: z.preprocess((v) => (v === '' ? null : v), maxParticipants.nullable().optional()),
  status: z.enum(['active', 'inactive']).optional(),
  tags: z.array(z.uuid('Unknown tag')).max(10).optional(),
  media_url: z.preprocess(
    (v) => (v === '' ? null : v),
    z.string().trim().refine(isUsableMediaUrl, 'Media must be a URL returned by media/upload/').nullable().optional(),
  ),
  telegram_url: z.string().trim().max(500).regex(HTTP_URL, PERK_MSG.telegramUrlInvalid).optional(),
  discount_code: z.string().trim().max(200).optional(),
  event_details: z.string().trim().max(LIMITS.descriptionMax).optional(),
  exclusive_content: exclusiveContentInput.optional(),
  min_level: minLevelField,
});
export type UpdatePerkRequest = z.input<typeof updatePerkRequest>;

/** What only the creator and members who redeemed ever receive (docs/product.md). */
export const perkContent = z.object({
  perk_type: perkType,
  telegram_url: z.string().nullable().optional(),
  invite_link: z.string().nullable().optional(),
  discount_code: z.string().nullable().optional(),
  event_details: z.string().nullable().optional(),
  exclusive_content: exclusiveContent.nullable().optional(),
});
export type PerkContent = z.infer<typeof perkContent>;

export const perkDetail = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  terms_and_conditions: z.string(),
  purchase_requirements: z.string(),
  cost_amount: amountString,
  media: z.string().nullable(),
  tags: z.array(tag),
  creator: z.uuid().nullable(),
  creator_name: z.string(),
  /** The creator's avatar (their profile picture, else their Telegram photo); null without one. */
  creator_avatar: z.string().nullable(),
  is_creator: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  deadline: z.string().nullable(),
  max_participants: z.number().int().nullable(),
  purchased_count: z.number().int(),
  status: z.string(),
  perk_type: perkType,
  is_verified: z.boolean(),
  is_redeemed: z.boolean(),
  /** False once the viewer has redeemed it (docs/spec/02-explore-details-wallet-social.md §4: is_available false counts as redeemed). */
  is_available: z.boolean(),
  redeemed_at: z.string().nullable(),
  /** Only for the creator and members who redeemed; null for everyone else. */
  content: perkContent.nullable(),
  /** Members below this level may not redeem it (0: anyone). */
  min_level: z.number().int(),
  /** The viewer's own XP and level, so a member below `min_level` is told how far they are before they try. */
  my_level: xpLevelState,
  /** Whether staff hid it (and why): set only for its owner, who alone still sees it; always sent by the server. */
  moderation: moderationState.optional(),
});
export type PerkDetail = z.infer<typeof perkDetail>;

export const perkContentResponse = z.object({ has_purchased: z.boolean(), content: perkContent.nullable() });
export type PerkContentResponse = z.infer<typeof perkContentResponse>;

export const perkOrderings = ['-created_at', 'created_at', '-cost_amount', 'cost_amount'] as const;

/** `GET perks/` and `GET perks/my_perks/`. `tags` is one or more tag ids (repeat the parameter or comma-separate). */
export const perkListQuery = pageQuery.extend({
  search: z.string().trim().max(200).optional(),
  ordering: z.enum(perkOrderings).default('-created_at'),
  perk_type: perkType.optional(),
  tags: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
    z.array(z.uuid('Unknown tag')).max(10).optional(),
  ),
});
export type PerkListQuery = z.infer<typeof perkListQuery>;

/** A card in Manage Perks (`my_perks`): the caller's own perks, so it carries their exclusive content. */
export const myPerk = perkCard.extend({
  updated_at: z.string(),
  is_verified: z.boolean(),
  /** Exclusive images/video point at a temporary `blob:` address (docs/spec/02-explore-details-wallet-social.md §4, Fix Media Issues). */
  has_media_issue: z.boolean(),
  exclusive_content: exclusiveContent.nullable(),
  /** Whether staff hid it (and why): hidden perks stay in their creator's list, marked. */
  moderation: moderationState,
});
export type MyPerk = z.infer<typeof myPerk>;

/** The price the member agreed to (the one the confirm dialog showed); a different current cost is refused. */
export const redeemRequest = z
  .object({
    expected_cost: z
      .string()
      .trim()
      .regex(/^\d+(\.\d{1,2})?$/, 'Enter an amount with at most two decimals')
      .optional(),
  })
  .strict();
export type RedeemRequest = z.infer<typeof redeemRequest>;

/** 409 `price_changed`: nothing was charged; `cost_amount` is the current price to confirm again. */
export type PriceChangedError = { detail: string; code: 'price_changed'; cost_amount: string };

export const redeemResponse = z.object({
  detail: z.string(),
  perk: perkDetail,
  content: perkContent,
  transaction_id: z.uuid(),
  /** The redeemer's balance after the redemption. */
  balance: amountString,
  auto_purchased: z.boolean(),
});
export type RedeemResponse = z.infer<typeof redeemResponse>;

export const perkPurchaser = z.object({
  id: z.uuid(),
  user: z.object({
    id: z.uuid(),
    username: z.string().nullable(),
    display_name: z.string(),
    avatar: z.string().nullable(),
  }),
  redeemed_at: z.string(),
});
export type PerkPurchaser = z.infer<typeof perkPurchaser>;

/** `GET perks/my_redemptions/`: what the caller redeemed, with the content delivered to them (kept after deletion). */
export const myRedemption = z.object({
  id: z.uuid(),
  perk: z.uuid().nullable(),
  perk_title: z.string(),
  redeemed_at: z.string(),
  content: perkContent.nullable(),
});
export type MyRedemption = z.infer<typeof myRedemption>;
