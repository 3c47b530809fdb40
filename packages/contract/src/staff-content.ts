import { z } from 'zod';
import { pageQuery } from './common.ts';
import { sectionType } from './enums.ts';
import { EXPLORE_LIMITS } from './explore-limits.ts';
import { exploreContentType } from './explore.ts';

/**
 * Staff content (issue #15 items 1–3): banners, home sections and their pinned items, the featured lists,
 * explore categories and popular searches, as the staff console reads and changes them. Members see the
 * result through home (`homepage/complete/`) and explore.
 */

export const STAFF_CONTENT_MSG = {
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be at most 120 characters',
  descriptionTooLong: 'Description must be at most 500 characters',
  imageRequired: 'Image is required: upload one first',
  imageInvalid: 'Image must be an uploaded file (/media/…) or an http(s) address',
  linkInvalid: 'Link must be an http:// or https:// address',
  dateInvalid: 'Enter a date and time with its time zone (ISO 8601)',
  endsBeforeStarts: 'End must be after start',
  positionInvalid: 'Position must be a whole number from 0',
  orderInvalid: 'Order must be a whole number from 0',
  iconTooLong: 'Icon must be at most 64 characters',
  categoryTypeInvalid: 'content_type must be tasks or perks',
  termRequired: 'Search term is required',
  termTooLong: `Search term must be at most ${EXPLORE_LIMITS.popularTermMax} characters`,
  itemsTooMany: 'A section holds at most 50 items',
  itemsDuplicate: 'Each item can be pinned once',
  itemMissing: 'Not found',
  itemWrongType: 'This section shows another kind of item',
  nothingToChange: 'Send at least one field to change',
  bannerNotFound: 'Banner not found.',
  sectionNotFound: 'Home section not found.',
  categoryNotFound: 'Category not found.',
  popularSearchNotFound: 'Popular search not found.',
  computedNotDeletable: 'This term is counted from real searches and cannot be deleted: suppress it instead.',
} as const;

const HTTP_URL = /^https?:\/\/[^\s/]+[^\s]*$/i;
const MEDIA_PATH = /^\/media\/[\w./-]+$/;
const MAX_ITEMS = 50;

const title = z.string({ error: STAFF_CONTENT_MSG.titleRequired }).trim().min(1, STAFF_CONTENT_MSG.titleRequired);
const bannerTitle = title.max(120, STAFF_CONTENT_MSG.titleTooLong);
/** '' and null clear it. */
const optionalDescription = z.preprocess(
  (v) => (v === '' ? null : v),
  z.string().trim().max(500, STAFF_CONTENT_MSG.descriptionTooLong).nullable().optional(),
);
const imageUrl = z
  .string({ error: STAFF_CONTENT_MSG.imageRequired })
  .trim()
  .min(1, STAFF_CONTENT_MSG.imageRequired)
  .max(2000, STAFF_CONTENT_MSG.imageInvalid)
  .refine((s) => MEDIA_PATH.test(s) || HTTP_URL.test(s), STAFF_CONTENT_MSG.imageInvalid);
/** Only http(s): a `javascript:` or `data:` link on Home would run in every member's app. '' and null clear it. */
const link = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .string({ error: STAFF_CONTENT_MSG.linkInvalid })
    .trim()
    .max(2000, STAFF_CONTENT_MSG.linkInvalid)
    .regex(HTTP_URL, STAFF_CONTENT_MSG.linkInvalid)
    .nullable()
    .optional(),
);
const dateTime = z.preprocess(
  (v) => (v === '' ? null : v),
  z.iso.datetime({ offset: true, error: STAFF_CONTENT_MSG.dateInvalid }).nullable().optional(),
);
const position = z
  .number({ error: STAFF_CONTENT_MSG.positionInvalid })
  .int(STAFF_CONTENT_MSG.positionInvalid)
  .min(0, STAFF_CONTENT_MSG.positionInvalid)
  .max(100_000, STAFF_CONTENT_MSG.positionInvalid);
const order = z
  .number({ error: STAFF_CONTENT_MSG.orderInvalid })
  .int(STAFF_CONTENT_MSG.orderInvalid)
  .min(0, STAFF_CONTENT_MSG.orderInvalid)
  .max(100_000, STAFF_CONTENT_MSG.orderInvalid);
const flag = z.boolean();

/** Ends after it starts, when both are given (an update checks the stored values too). */
const windowInOrder = (b: { starts_at?: string | null; ends_at?: string | null }) =>
  !b.starts_at || !b.ends_at || Date.parse(b.ends_at) > Date.parse(b.starts_at);

const atLeastOne = (b: Record<string, unknown>) => Object.values(b).some((v) => v !== undefined);

// ---------------------------------------------------------------- banners

export const staffBanner = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  image_url: z.string(),
  link: z.string().nullable(),
  /** Home shows active banners by position, lowest first. */
  position: z.number().int(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  is_active: z.boolean(),
  /** Whether Home shows it now: active and inside its window. */
  is_live: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StaffBanner = z.infer<typeof staffBanner>;

export const staffBannerCreate = z
  .object({
    title: bannerTitle,
    description: optionalDescription,
    image_url: imageUrl,
    link,
    /** Omitted: after the last banner. */
    position: position.optional(),
    starts_at: dateTime,
    ends_at: dateTime,
    is_active: flag.default(true),
  })
  .refine(windowInOrder, { message: STAFF_CONTENT_MSG.endsBeforeStarts, path: ['ends_at'] });
export type StaffBannerCreate = z.infer<typeof staffBannerCreate>;

export const staffBannerUpdate = z
  .object({
    title: bannerTitle.optional(),
    description: optionalDescription,
    image_url: imageUrl.optional(),
    link,
    position: position.optional(),
    starts_at: dateTime,
    ends_at: dateTime,
    is_active: flag.optional(),
  })
  .refine(atLeastOne, { message: STAFF_CONTENT_MSG.nothingToChange })
  .refine(windowInOrder, { message: STAFF_CONTENT_MSG.endsBeforeStarts, path: ['ends_at'] });
export type StaffBannerUpdate = z.infer<typeof staffBannerUpdate>;

/** Part of a title (case-insensitive), for the console's search box. */
const titleSearch = z.string().trim().max(120).optional();

export const staffBannerQuery = pageQuery.extend({
  q: titleSearch,
  /** `true`: only what Home shows now; `false`: only what it does not. */
  live: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
});

// ---------------------------------------------------------------- home sections and featured items

export const pinnedItemType = z.enum(['quest', 'perk', 'user']);
export type PinnedItemType = z.infer<typeof pinnedItemType>;

export const pinnedItem = z.object({
  item_type: pinnedItemType,
  item_id: z.uuid(),
  /** The quest's or perk's title, the member's display name; null if it no longer exists. */
  title: z.string().nullable(),
  /** Whether members can see it now (published, not hidden, not past its deadline); Home skips it if not. */
  is_visible: z.boolean(),
  order: z.number().int(),
});
export type PinnedItem = z.infer<typeof pinnedItem>;

export const staffHomeSection = z.object({
  id: z.uuid(),
  title: z.string(),
  section_type: sectionType,
  order: z.number().int(),
  /** false: hidden from Home. */
  is_active: z.boolean(),
  /** Pinned items in order; none: Home fills the carousel with the newest (or most-followed). */
  items: z.array(pinnedItem),
  created_at: z.string(),
});
export type StaffHomeSection = z.infer<typeof staffHomeSection>;

export const staffHomeSectionCreate = z.object({
  title: bannerTitle,
  section_type: sectionType,
  /** Omitted: after the last section. */
  order: order.optional(),
  is_active: flag.default(true),
});
export type StaffHomeSectionCreate = z.infer<typeof staffHomeSectionCreate>;

export const staffHomeSectionUpdate = z
  .object({ title: bannerTitle.optional(), order: order.optional(), is_active: flag.optional() })
  .refine(atLeastOne, { message: STAFF_CONTENT_MSG.nothingToChange });
export type StaffHomeSectionUpdate = z.infer<typeof staffHomeSectionUpdate>;

const itemIds = z
  .array(z.uuid({ message: 'Invalid ID format' }).toLowerCase())
  .max(MAX_ITEMS, STAFF_CONTENT_MSG.itemsTooMany)
  .refine((a) => new Set(a).size === a.length, STAFF_CONTENT_MSG.itemsDuplicate);

/** The section's pinned items, replaced by these in this order: quests for a task carousel, and so on. */
export const staffHomeSectionItemsPut = z.object({ item_ids: itemIds });

export const featuredPlacement = z.enum(['featured', 'top_pick']);
export type FeaturedPlacement = z.infer<typeof featuredPlacement>;

export const featuredQuery = z.object({ placement: featuredPlacement.default('featured') });

/** `featured`: Home's featured quests/perks/members; `top_pick`: the top picks (quests and perks). */
export const staffFeaturedList = z.object({ placement: featuredPlacement, items: z.array(pinnedItem) });

export const staffFeaturedPut = z.object({
  placement: featuredPlacement,
  items: z
    .array(z.object({ item_type: pinnedItemType, item_id: z.uuid({ message: 'Invalid ID format' }).toLowerCase() }))
    .max(MAX_ITEMS, STAFF_CONTENT_MSG.itemsTooMany)
    .refine(
      (a) => new Set(a.map((i) => `${i.item_type}:${i.item_id}`)).size === a.length,
      STAFF_CONTENT_MSG.itemsDuplicate,
    ),
});

// ---------------------------------------------------------------- explore categories

export const staffCategoryType = z.enum(['tasks', 'perks'], { error: STAFF_CONTENT_MSG.categoryTypeInvalid });

export const staffCategoryQuery = pageQuery.extend({ content_type: exploreContentType.optional(), q: titleSearch });

const icon = z.string().trim().max(64, STAFF_CONTENT_MSG.iconTooLong);
const categoryDescription = z.string().trim().max(500, STAFF_CONTENT_MSG.descriptionTooLong);
const filterCriteria = z.record(z.string(), z.unknown());

export const staffCategoryCreate = z.object({
  title: bannerTitle,
  description: categoryDescription.default(''),
  icon: icon.default(''),
  content_type: staffCategoryType,
  /** Filters applied when a member opens the category (as explore's search takes them). */
  filter_criteria: filterCriteria.default({}),
  order: order.optional(),
  is_active: flag.default(true),
});
export type StaffCategoryCreate = z.infer<typeof staffCategoryCreate>;

export const staffCategoryUpdate = z
  .object({
    title: bannerTitle.optional(),
    description: categoryDescription.optional(),
    icon: icon.optional(),
    content_type: staffCategoryType.optional(),
    filter_criteria: filterCriteria.optional(),
    order: order.optional(),
    is_active: flag.optional(),
  })
  .refine(atLeastOne, { message: STAFF_CONTENT_MSG.nothingToChange });
export type StaffCategoryUpdate = z.infer<typeof staffCategoryUpdate>;

// ---------------------------------------------------------------- popular searches

export const staffPopularSearch = z.object({
  id: z.uuid(),
  search_term: z.string(),
  /** How often members searched it (curated entries count too once searched). */
  search_count: z.number().int(),
  /** Curated by staff: shown first, by `order`. */
  is_promoted: z.boolean(),
  /** Kept out of explore's list (still counted). */
  is_suppressed: z.boolean(),
  order: z.number().int(),
  /** `curated`: added or promoted by staff (may be deleted); `computed`: only counted from real searches. */
  source: z.enum(['curated', 'computed']),
});
export type StaffPopularSearch = z.infer<typeof staffPopularSearch>;

export const staffPopularSearchQuery = pageQuery.extend({
  source: z.enum(['curated', 'computed']).optional(),
  suppressed: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /** Part of the term. */
  q: z.string().trim().max(EXPLORE_LIMITS.popularTermMax).optional(),
});

export const staffPopularSearchCreate = z.object({
  search_term: z
    .string({ error: STAFF_CONTENT_MSG.termRequired })
    .trim()
    .min(1, STAFF_CONTENT_MSG.termRequired)
    .max(EXPLORE_LIMITS.popularTermMax, STAFF_CONTENT_MSG.termTooLong),
  order: order.optional(),
});

export const staffPopularSearchUpdate = z
  .object({ order: order.optional(), is_promoted: flag.optional(), is_suppressed: flag.optional() })
  .refine(atLeastOne, { message: STAFF_CONTENT_MSG.nothingToChange });
export type StaffPopularSearchUpdate = z.infer<typeof staffPopularSearchUpdate>;
export type StaffFeaturedList = z.infer<typeof staffFeaturedList>;
