/**
 * Explore's limits (docs/spec/02-explore-details-wallet-social.md §2, §3, §4, §7, §9), shared by the server and the web
 * app. Zod-free, and apart from Explore's sentences: cards on Home read `cardTags`, so this module is in the web app's
 * initial bundle.
 */

export const EXPLORE_LIMITS = {
  pageSize: 20,
  pageSizeMax: 50,
  /** Items of each kind in the All (mixed) view; each section links to its own tab. */
  mixedPerType: 6,
  queryMax: 200,
  /** Longest term kept in popular searches. */
  popularTermMax: 60,
  popularTop: 10,
  filterValuesMax: 20,
  filterValueMax: 100,
  /** Tags offered in the tags filter: the most used ones. */
  tagOptions: 12,
  /**
   * Totals stop counting here, shown as "1,000+": counting every match of a common word costs more than
   * its page (12× at 100k rows with a 10,000 cap; decision 0007), and nobody pages past 50 pages of 20.
   */
  countCap: 1_000,
  /** Cards show at most this many tags plus a +N badge. */
  cardTags: 2,
} as const;
