/**
 * Explore's sentences (docs/spec/02-explore-details-wallet-social.md §2, §8, §9), shared by the server and the web app.
 * Kept apart from the explore schemas (explore.ts) so the web app can import them without loading zod.
 */

export const EXPLORE_MSG = {
  title: 'Explore',
  signInTitle: 'Sign in to explore',
  signInHint: 'Search quests, perks and members of the community.',
  loadFailed: 'Failed to load explore page data. Please try again.',
  searchFailed: 'Failed to perform search. Please try again.',
  fallback: 'Something went wrong. Please try again.',
  noResults: 'No results found',
  noQuests: 'No quests found',
  noPerks: 'No perks found',
  noUsers: 'No users found',
  clearSearch: 'Clear search',
  tryAgain: 'Try Again',
  unknownFilter: (name: string, where: string) => `Unknown filter "${name}" for ${where}.`,
  badFilterValue: (name: string, value: string) => `"${value}" is not a valid value for the filter "${name}".`,
  radioOneValue: (name: string) => `The filter "${name}" takes a single value.`,
  badOrdering: (ordering: string, where: string) => `Unknown ordering "${ordering}" for ${where}.`,
} as const;
