import { describe, expect, it } from 'vitest';
import { idFromInput, moveInArray, moveItem } from './reorder';

const list = (...orders: number[]) => orders.map((order, i) => ({ id: `s${i}`, order }));

describe('reordering', () => {
  it('swaps two neighbours and saves only what changed', () => {
    expect(moveItem(list(0, 1, 2), 1, -1)).toEqual([
      { id: 's1', order: 0 },
      { id: 's0', order: 1 },
    ]);
    expect(moveItem(list(0, 1, 2), 1, 1)).toEqual([
      { id: 's2', order: 1 },
      { id: 's1', order: 2 },
    ]);
  });

  it('renumbers ties and gaps so the move shows', () => {
    expect(moveItem(list(5, 5, 9), 2, -1)).toEqual([
      { id: 's0', order: 0 },
      { id: 's2', order: 1 },
      { id: 's1', order: 2 },
    ]);
  });

  it('numbers a later page from its first item, so it stays after the pages before it', () => {
    expect(moveItem(list(25, 26, 27), 2, -1, 25)).toEqual([
      { id: 's2', order: 26 },
      { id: 's1', order: 27 },
    ]);
    expect(moveItem(list(40, 42, 50), 0, 1, 40)).toEqual([
      { id: 's1', order: 40 },
      { id: 's0', order: 41 },
      { id: 's2', order: 42 },
    ]);
  });

  it('does nothing past either end', () => {
    expect(moveItem(list(0, 1), 0, -1)).toEqual([]);
    expect(moveItem(list(0, 1), 1, 1)).toEqual([]);
    expect(moveInArray(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
    expect(moveInArray(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
  });

  it('reads an id from a pasted id or link', () => {
    const id = 'AAAAAAAA-AAAA-4AAA-8AAA-AAAAAAAAAAAA';
    expect(idFromInput(`https://club.example/quest/${id}?x=1`)).toBe(id.toLowerCase());
    expect(idFromInput('nothing')).toBeNull();
  });
});
