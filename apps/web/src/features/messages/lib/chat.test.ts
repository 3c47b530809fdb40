import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatSummary } from '@wyn/contract';
import { canSend, filterChats, formatMessageTime, inDisplayOrder, isMemberId } from './chat';

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
