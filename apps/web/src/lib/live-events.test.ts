import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { applyLiveEvent, liveKeys, parseSse } from './live-events';

describe('parseSse', () => {
  it('parses complete events, skips comments and keeps the unfinished rest', () => {
    const text =
      ': connected\n\n' +
      'event: message\ndata: {"type":"message","id":"m1","from":"u1"}\n\n' +
      ': ping\n\n' +
      'event: notification\r\ndata: {"type":"notification","id":"n1"}\r\n\r\n' +
      'event: message\ndata: {"type":"mess';
    const { events, rest } = parseSse(text);
    expect(events).toEqual([
      { type: 'message', id: 'm1', from: 'u1' },
      { type: 'notification', id: 'n1' },
    ]);
    expect(rest).toBe('event: message\ndata: {"type":"mess');
    expect(parseSse(`${rest}age","id":"m2"}\n\n`).events).toEqual([{ type: 'message', id: 'm2' }]);
  });

  it('ignores data that is not an event', () => {
    expect(parseSse('data: not json\n\ndata: {"x":1}\n\n').events).toEqual([]);
  });
});

describe('applyLiveEvent', () => {
  const invalidated = (type: Parameters<typeof applyLiveEvent>[1]['type']) => {
    const qc = new QueryClient();
    const spy = vi.spyOn(qc, 'invalidateQueries');
    applyLiveEvent(qc, { type });
    return spy.mock.calls.map(([filters]) => filters?.queryKey);
  };

  it('refreshes chats and messages on messages and read receipts, notifications on notifications', () => {
    expect(invalidated('message')).toEqual([liveKeys.messages, liveKeys.notifications]);
    expect(invalidated('message_read')).toEqual([liveKeys.messages]);
    expect(invalidated('notification')).toEqual([liveKeys.notifications]);
    expect(invalidated('resync')).toEqual([liveKeys.messages, liveKeys.notifications]);
  });
});
