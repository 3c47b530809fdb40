import { describe, expect, it } from 'vitest';
import { FILTERS, initialHistory, toQueryParams, totalPages, updateHistory } from './transaction-filters';

describe('toQueryParams', () => {
  it('defaults: page 1, page_size 10, newest first, no filter', () => {
    expect(toQueryParams(initialHistory)).toEqual({ page: 1, page_size: 10, ordering: '-created_at' });
  });

  it('maps every chip onto the server params', () => {
    const params = Object.fromEntries(
      FILTERS.map((f) => {
        const { page, page_size, ordering, ...rest } = toQueryParams({ ...initialHistory, filter: f.value });
        expect({ page, page_size, ordering }).toEqual({ page: 1, page_size: 10, ordering: '-created_at' });
        return [f.label, rest];
      }),
    );
    expect(params).toEqual({
      'All Transactions': {},
      'Redeemed Quests': { transaction_type: 'quest_reward' },
      'Participated Quests': { transaction_type: 'quest_reward', direction: 'incoming' },
      'Your Quests': { scope: 'my_quests' },
      'Your Perks': { scope: 'my_perks' },
      'Other Activities': { transaction_type: 'other' },
    });
  });

  it('passes a trimmed search and the sort', () => {
    expect(toQueryParams({ ...initialHistory, search: '  coffee ', sort: '-amount', pageSize: 50, page: 3 })).toEqual({
      page: 3,
      page_size: 50,
      ordering: '-amount',
      search: 'coffee',
    });
  });
});

describe('updateHistory', () => {
  const onPage3 = { ...initialHistory, page: 3 };
  it('resets to page 1 when search, page size or filter changes', () => {
    expect(updateHistory(onPage3, { search: 'x' }).page).toBe(1);
    expect(updateHistory(onPage3, { pageSize: 20 }).page).toBe(1);
    expect(updateHistory(onPage3, { filter: 'your_perks' }).page).toBe(1);
  });
  it('keeps the page for sort changes and unchanged values', () => {
    expect(updateHistory(onPage3, { sort: 'amount' }).page).toBe(3);
    expect(updateHistory(onPage3, { pageSize: 10 }).page).toBe(3);
    expect(updateHistory(onPage3, { page: 4 }).page).toBe(4);
  });
  it('totalPages', () => {
    expect(totalPages(0, 10)).toBe(1);
    expect(totalPages(21, 10)).toBe(3);
  });
});
