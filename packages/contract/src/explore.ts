import { z } from 'zod';
import { EXPLORE_LIMITS } from './explore-limits.ts';
import { perkCard, questCard } from './home.ts';
import { perkOrderings } from './perks.ts';
import { profileCard } from './profiles.ts';
import { questOrderings } from './quests.ts';

/** Explore: categories, popular searches, filters and search (docs/spec/02-explore-details-wallet-social.md §2, §3, §4, §7, §8, §9). */

export { EXPLORE_LIMITS } from './explore-limits.ts';
export { EXPLORE_MSG } from './explore-messages.ts';

export const exploreContentTypes = ['tasks', 'perks', 'users', 'mixed'] as const;
export const exploreContentType = z.enum(exploreContentTypes, {
  error: 'content_type must be one of tasks, perks, users or mixed',
});
export type ExploreContentType = z.infer<typeof exploreContentType>;
/** The kinds of result; `mixed` is a few of each. */
export type ExploreKind = Exclude<ExploreContentType, 'mixed'>;

export const userOrderings = ['-created_at', '-followers_count'] as const;
export const exploreOrderings = {
  tasks: questOrderings,
  perks: perkOrderings,
  users: userOrderings,
} as const;

export const filterOption = z.object({ value: z.string(), label: z.string() });
export const exploreFilter = z.object({
  id: z.uuid(),
  content_type: z.enum(['tasks', 'perks', 'users']),
  name: z.string(),
  display_name: z.string(),
  filter_type: z.enum(['checkbox', 'radio']),
  options: z.array(filterOption),
  order: z.number().int(),
});
export type ExploreFilter = z.infer<typeof exploreFilter>;

export const availableFilters = z.object({
  tasks: z.array(exploreFilter),
  perks: z.array(exploreFilter),
  users: z.array(exploreFilter),
});
export type AvailableFilters = z.infer<typeof availableFilters>;

export const exploreCategory = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
  content_type: exploreContentType,
  /** Filters (name → value or values) and optionally `ordering`, applied when the category is clicked. */
  filter_criteria: z.record(z.string(), z.unknown()),
  order: z.number().int(),
  is_active: z.boolean(),
});
export type ExploreCategory = z.infer<typeof exploreCategory>;

export const popularSearch = z.object({
  id: z.uuid(),
  search_term: z.string(),
  is_promoted: z.boolean(),
  search_count: z.number().int(),
});
export type PopularSearch = z.infer<typeof popularSearch>;

export const exploreComplete = z.object({
  categories: z.array(exploreCategory),
  popular_searches: z.array(popularSearch),
  available_filters: availableFilters,
});
export type ExploreComplete = z.infer<typeof exploreComplete>;

/** explore/complete/: the spec's client sends these; they only shape the lists. */
export const exploreCompleteQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(EXPLORE_LIMITS.pageSizeMax).default(EXPLORE_LIMITS.pageSize),
  ordering: z.string().max(40).optional(),
  /** Staff only: include inactive categories. */
  include_inactive: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

export const popularTopQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(EXPLORE_LIMITS.popularTop),
});

const filterValue = z
  .string()
  .trim()
  .min(1, 'Filter values cannot be empty')
  .max(EXPLORE_LIMITS.filterValueMax, `Filter values must be at most ${EXPLORE_LIMITS.filterValueMax} characters`);

export const searchRequest = z
  .object({
    /** Blank (the spec's client sends a single space) browses everything. */
    query: z
      .string()
      .max(EXPLORE_LIMITS.queryMax, `Search must be at most ${EXPLORE_LIMITS.queryMax} characters`)
      .default(''),
    content_type: exploreContentType.default('mixed'),
    filters: z
      .record(
        z.string().max(40),
        z.union([
          filterValue,
          z
            .array(filterValue)
            .max(EXPLORE_LIMITS.filterValuesMax, `At most ${EXPLORE_LIMITS.filterValuesMax} values per filter`),
        ]),
      )
      .default({}),
    /** Without one: relevance first when there is a query, else newest first. */
    ordering: z.string().max(40).optional(),
    page: z.coerce.number().int('page must be a whole number').min(1, 'page must be at least 1').default(1),
    limit: z.coerce
      .number()
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(EXPLORE_LIMITS.pageSizeMax, `limit must be at most ${EXPLORE_LIMITS.pageSizeMax}`)
      .default(EXPLORE_LIMITS.pageSize),
  })
  .strict();
export type SearchRequest = z.input<typeof searchRequest>;
export type ParsedSearchRequest = z.output<typeof searchRequest>;

export const searchResponse = z.object({
  content_results: z.object({
    tasks: z.array(questCard),
    perks: z.array(perkCard),
    users: z.array(profileCard),
  }),
  /** Matches of each kind (0 for kinds not searched). */
  counts: z.object({ tasks: z.number().int(), perks: z.number().int(), users: z.number().int() }),
  total_results: z.number().int(),
  page: z.number().int(),
  total_pages: z.number().int(),
  has_next: z.boolean(),
  has_previous: z.boolean(),
});
export type SearchResponse = z.infer<typeof searchResponse>;
