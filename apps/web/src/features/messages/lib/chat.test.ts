import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatSummary } from '@wyn/contract';
import {
  canSend,
  filterChats,
  flattenThread,
  formatMessageTime,
  inDisplayOrder,
  isMemberId,
  withChatRead,
  withSentMessage,
} from './chat';

const chat = (id: string, name: string, lastMessage: string): ChatSummary => ({
  id,
  name,
  lastMessage,
  avatar: null,
  unread: 0,
  time: '2025-01-01T00:00:00.000Z',
});

describe('filterChats', () => {
  const list = [chat('1', 'Ava Stone', 'See you'), chat('2', 'Ben', 'the quest is live')];
  it('matches names and last messages, ignoring case and spaces', () => {
    expect(filterChats(list, '  ava ').map((c) => c.id)).toEqual(['1']);
    expect(filterChats(list, 'QUEST').map((c) => c.id)).toEqual(['2']);
    expect(filterChats(list, '')).toHaveLength(2);
    expect(filterChats(list, 'zzz')).toEqual([]);
  });
});

describe('canSend', () => {
  it('needs a chat and non-blank text within the limit', () => {
    expect(canSend('hi', 'u1', 10)).toBe(true);
    expect(canSend('   ', 'u1', 10)).toBe(false);
    // What the server refuses as blank: invisible characters only.
    expect(canSend('\u200b\ufeff', 'u1', 10)).toBe(false);
    expect(canSend('\u200b!', 'u1', 10)).toBe(true);
    expect(canSend('hi', null, 10)).toBe(false);
    expect(canSend('x'.repeat(11), 'u1', 10)).toBe(false);
    expect(canSend(`  ${'x'.repeat(10)}  `, 'u1', 10)).toBe(true);
  });
});

describe('helpers', () => {
  it('shows the oldest message first', () => {
    const m = (id: string) => ({ id }) as ChatMessage;
    expect(inDisplayOrder([m('3'), m('2'), m('1')]).map((x) => x.id)).toEqual(['1', '2', '3']);
  });
  it('formats today as a time and other days with the date', () => {
    const now = new Date(2025, 2, 3, 18, 0);
    expect(formatMessageTime(new Date(2025, 2, 3, 14, 5).toISOString(), now)).toBe('14:05');
    expect(formatMessageTime(new Date(2025, 2, 1, 9, 7).toISOString(), now)).toBe('Mar 1, 09:07');
  });
  it('recognises member ids', () => {
    expect(isMemberId('0b7a3a0e-8e0a-4a51-9d8f-1e2b3c4d5e6f')).toBe(true);
    expect(isMemberId('nope')).toBe(false);
    expect(isMemberId(null)).toBe(false);
  });
});

describe('paged threads', () => {
  const me = 'me';
  const them = 'them';
  const msg = (n: number, from = them, read_at: string | null = null) =>
    ({ id: `m${n}`, content: `#${n}`, sender: { id: from }, read_at }) as ChatMessage;
  /** Newest-first pages as the API serves them: `ns` are message numbers, higher is newer. */
  const page = (...ns: number[]) => ({ results: ns.map((n) => msg(n)), count: 100 });
  const ids = (ms: ChatMessage[]) => ms.map((m) => m.id);

  it('joins the pages newest first and displays them oldest first', () => {
    const pages = [page(6, 5, 4), page(3, 2, 1)];
    expect(ids(flattenThread(pages))).toEqual(['m6', 'm5', 'm4', 'm3', 'm2', 'm1']);
    expect(ids(inDisplayOrder(flattenThread(pages)))).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6']);
    expect(flattenThread([])).toEqual([]);
  });

  it('shows a message once when newer ones pushed it onto the next page before that page loaded', () => {
    // Page 1 was fetched as 6,5,4; then 7 arrived, so page 2 now starts with 4.
    expect(ids(flattenThread([page(6, 5, 4), page(4, 3, 2)]))).toEqual(['m6', 'm5', 'm4', 'm3', 'm2']);
  });

  it('puts a sent message at the top of page 1 once', () => {
    const pages = [page(6, 5), page(4, 3)];
    const sent = msg(7, me);
    const after = withSentMessage(pages, sent);
    expect(ids(flattenThread(after))).toEqual(['m7', 'm6', 'm5', 'm4', 'm3']);
    expect(after[0]!.count).toBe(101);
    expect(after[1]).toBe(pages[1]);
    // Already there (a refetch won the race): unchanged.
    expect(ids(flattenThread(withSentMessage(after, sent)))).toEqual(ids(flattenThread(after)));
    expect(withSentMessage([page(9, 8), page(7, 6)], msg(7, me))[0]!.results).toHaveLength(2);
    // No page loaded yet: nothing to add to.
    expect(withSentMessage([], sent)).toEqual([]);
  });

  it('marks the other member’s unread messages read on every loaded page, and nothing else', () => {
    const pages = [
      { results: [msg(4, me), msg(3)], count: 4 },
      { results: [msg(2, them, 'earlier'), msg(1)], count: 4 },
    ];
    const after = flattenThread(withChatRead(pages, them, 'now'));
    expect(after.map((m) => m.read_at)).toEqual([null, 'now', 'earlier', 'now']);
  });
});
