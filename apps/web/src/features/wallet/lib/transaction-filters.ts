import type { TransactionListQuery, TransactionType, WalletTransaction } from '@wyn/contract';

export const PAGE_SIZES = [5, 10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

export const SORTS = [
  { value: '-created_at', label: 'Newest first' },
  { value: 'created_at', label: 'Oldest first' },
  { value: '-amount', label: 'Highest amount' },
  { value: 'amount', label: 'Lowest amount' },
] as const;
export type Sort = (typeof SORTS)[number]['value'];

/**
 * The filter chips of docs/spec/02-explore-details-wallet-social.md §2 and how each maps onto the server's query of
 * GET wallets/{id}/transactions/ (transaction_type: one type or `other`; scope: my_quests | my_perks;
 * direction: incoming | outgoing):
 * - All Transactions   → no filter.
 * - Redeemed Quests    → transaction_type=quest_reward: every quest reward on this wallet (earned or paid out).
 * - Participated Quests→ transaction_type=quest_reward&direction=incoming: rewards this member earned by
 *                        taking part in (completing) other members' quests.
 * - Your Quests        → scope=my_quests: stakes/refunds of quests you created and rewards paid for them.
 * - Your Perks         → scope=my_perks: redemptions of perks you created (points you received).
 * - Other Activities   → transaction_type=other: internal_transfer, cashout, stake, unstake, system_reward, buy,
 *   and the engagement loop's referral_reward, streak_reward, streak_repair, season_prize.
 */
export const FILTERS = [
  { value: 'all', label: 'All Transactions', params: {} },
  { value: 'redeemed_quests', label: 'Redeemed Quests', params: { transaction_type: 'quest_reward' } },
  {
    value: 'participated_quests',
    label: 'Participated Quests',
    params: { transaction_type: 'quest_reward', direction: 'incoming' },
  },
  { value: 'your_quests', label: 'Your Quests', params: { scope: 'my_quests' } },
  { value: 'your_perks', label: 'Your Perks', params: { scope: 'my_perks' } },
  { value: 'other', label: 'Other Activities', params: { transaction_type: 'other' } },
] as const satisfies readonly {
  value: string;
  label: string;
  params: Pick<Partial<TransactionListQuery>, 'transaction_type' | 'scope' | 'direction'>;
}[];
export type Filter = (typeof FILTERS)[number]['value'];

export interface HistoryState {
  search: string;
  pageSize: number;
  sort: Sort;
  filter: Filter;
  page: number;
}

export const initialHistory: HistoryState = {
  search: '',
  pageSize: DEFAULT_PAGE_SIZE,
  sort: '-created_at',
  filter: 'all',
  page: 1,
};

/** Changing search, page size or filter goes back to page 1 (docs/spec/02-explore-details-wallet-social.md §4). */
export function updateHistory(state: HistoryState, patch: Partial<HistoryState>): HistoryState {
  const next = { ...state, ...patch };
  if (
    (patch.search !== undefined && patch.search !== state.search) ||
    (patch.pageSize !== undefined && patch.pageSize !== state.pageSize) ||
    (patch.filter !== undefined && patch.filter !== state.filter)
  )
    next.page = patch.page ?? 1;
  return next;
}

export type TransactionQueryParams = {
  page: number;
  page_size: number;
  ordering: Sort;
  search?: string;
  transaction_type?: TransactionType | 'other';
  scope?: 'my_quests' | 'my_perks';
  direction?: 'incoming' | 'outgoing';
};

/** The query string of GET wallets/{id}/transactions/ for a history state. */
export function toQueryParams(state: HistoryState): TransactionQueryParams {
  const filter = FILTERS.find((f) => f.value === state.filter) ?? FILTERS[0];
  const params: TransactionQueryParams = { page: state.page, page_size: state.pageSize, ordering: state.sort };
  const search = state.search.trim();
  if (search) params.search = search;
  Object.assign(params, filter.params);
  return params;
}

export function totalPages(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  quest_reward: 'Quest Reward',
  perk_redemption: 'Perk Redemption',
  internal_transfer: 'Transfer',
  cashout: 'Cash Out',
  stake: 'Quest Stake',
  unstake: 'Quest Refund',
  system_reward: 'Bonus',
  buy: 'Purchase',
  referral_reward: 'Referral Reward',
  streak_reward: 'Streak Reward',
  streak_repair: 'Streak Repair',
  season_prize: 'Season Prize',
};

/** The other party of a transaction, from the listed wallet's point of view. */
export function counterpart(t: WalletTransaction): { id: string | null; name: string; avatar: string | null } {
  return t.is_incoming
    ? { id: t.from_user, name: t.from_user_display_name, avatar: t.from_user_avatar }
    : { id: t.to_user, name: t.to_user_display_name, avatar: t.to_user_avatar };
}
