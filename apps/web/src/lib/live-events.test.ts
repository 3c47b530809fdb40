import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElement, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { user } from '@/testing/fixtures';
import {
  applyLiveEvent,
  liveKeys,
  parseSse,
  refreshForStream,
  runLiveStream,
  useLiveConnected,
  useLiveUpdates,
} from './live-events';
import { authSession, STORAGE_KEYS } from './session';

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

describe('runLiveStream', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    authSession.clear();
  });

  /** A stream that stays open until the request is aborted, as a real one does. */
  const openStream = (_url: unknown, init?: RequestInit) =>
    Promise.resolve(
      new Response(
        new ReadableStream({
          start(c) {
            init?.signal?.addEventListener('abort', () => c.error(new DOMException('aborted', 'AbortError')));
          },
        }),
        { status: 200 },
      ),
    );

  it('backs off when the server accepts the stream and drops it at once, instead of reconnecting every second', async () => {
    vi.useFakeTimers();
    authSession.signIn({ access: 'token', refresh: 'refresh', user });
    const fetchMock = vi.fn(() => Promise.resolve(new Response('', { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    const controller = new AbortController();
    const done = runLiveStream(() => {}, controller.signal);
    await vi.advanceTimersByTimeAsync(30_000);
    controller.abort();
    await done;
    // Backoff 1, 2, 4, 8, 16 s (±25 %): at most six attempts in 30 s, not one a second.
    expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(4);
    expect(fetchMock.mock.calls.length).toBeLessThanOrEqual(6);
  });

  it("a run that ends (sign-out, remount) does not mark the next run's open stream as down", async () => {
    authSession.signIn({ access: 'token', refresh: 'refresh', user });
    vi.stubGlobal('fetch', vi.fn(openStream));
    const { result } = renderHook(() => useLiveConnected());
    const first = new AbortController();
    const second = new AbortController();
    let firstDone: Promise<void> = Promise.resolve();
    let secondDone: Promise<void> = Promise.resolve();
    await act(async () => {
      firstDone = runLiveStream(() => {}, first.signal);
      secondDone = runLiveStream(() => {}, second.signal);
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(result.current).toBe(true);
    await act(async () => {
      first.abort();
      await firstDone;
    });
    expect(result.current).toBe(true);
    await act(async () => {
      second.abort();
      await secondDone;
    });
    expect(result.current).toBe(false);
  });

  it("stops the old member's stream and opens one for the new member when another account signs in", async () => {
    authSession.signIn({ access: 'token-a', refresh: 'refresh', user });
    const requests: Array<{ auth: string; signal: AbortSignal | null | undefined }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: unknown, init?: RequestInit) => {
        requests.push({ auth: new Headers(init?.headers).get('authorization') ?? '', signal: init?.signal });
        return openStream(url, init);
      }),
    );
    const qc = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client: qc }, children);
    const { unmount } = renderHook(() => useLiveUpdates(), { wrapper });
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(requests.map((r) => r.auth)).toEqual(['Bearer token-a']);
    // Another tab signs in as someone else: this tab never sees a signed-out state.
    await act(async () => {
      authSession.signIn({ access: 'token-b', refresh: 'refresh', user: { ...user, id: 'another-member' } });
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(requests.map((r) => r.auth)).toEqual(['Bearer token-a', 'Bearer token-b']);
    expect(requests[0]!.signal?.aborted).toBe(true);
    unmount();
    expect(requests[1]!.signal?.aborted).toBe(true);
  });

  describe('refreshForStream', () => {
    const soon = () => new Date(Date.now() + 30_000).toISOString();
    const refreshCalls = (mock: ReturnType<typeof vi.fn>) =>
      mock.mock.calls.filter(([url]) => String(url).includes('refresh')).length;
    afterEach(() => {
      Reflect.deleteProperty(navigator, 'locks');
    });

    it('uses the token another tab has just refreshed instead of presenting the shared refresh token again', async () => {
      authSession.signIn({ access: 'old', refresh: 'refresh-1', access_expires_at: soon(), user });
      const fetchMock = vi.fn(() => Promise.resolve(new Response('{}', { status: 500 })));
      vi.stubGlobal('fetch', fetchMock);
      const later = String(Date.now() + 15 * 60_000);
      // The lock is granted once the other tab, which held it, has stored its new tokens.
      Object.defineProperty(navigator, 'locks', {
        configurable: true,
        value: {
          request: (_name: string, callback: () => Promise<boolean>) => {
            localStorage.setItem(STORAGE_KEYS.token, 'fresh');
            localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-2');
            localStorage.setItem(STORAGE_KEYS.tokenExpiry, later);
            return callback();
          },
        },
      });
      await expect(refreshForStream()).resolves.toBe(true);
      expect(refreshCalls(fetchMock)).toBe(0);
      expect(authSession.get().token).toBe('fresh');
    });

    it('refreshes a token that is about to expire, and one the server refused', async () => {
      authSession.signIn({ access: 'old', refresh: 'refresh-1', access_expires_at: soon(), user });
      const later = new Date(Date.now() + 15 * 60_000).toISOString();
      const fetchMock = vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ access: 'new', refresh: 'refresh-2', access_expires_at: later }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
        ),
      );
      vi.stubGlobal('fetch', fetchMock);
      await expect(refreshForStream()).resolves.toBe(true);
      expect(refreshCalls(fetchMock)).toBe(1);
      expect(authSession.get().token).toBe('new');
      await expect(refreshForStream()).resolves.toBe(true);
      expect(refreshCalls(fetchMock)).toBe(1);
      await expect(refreshForStream('new')).resolves.toBe(true);
      expect(refreshCalls(fetchMock)).toBe(2);
    });
  });
});
