import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElement, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { routes, type LiveEvent } from '@wyn/contract';
import { user } from '@/testing/fixtures';
import { apiUrl, recordRequests } from '@/testing/msw/api';
import { server } from '@/testing/msw/server';
import { liveKeys, useLiveConnected, useLiveUpdates } from './live-events';
import { applyLiveEvent, runLiveStream, toLiveEvent } from './live-stream';
import { queryKeys } from './query-client';
import { authSession } from './session';
import { walletKeys } from '@/features/wallet/api/get-transactions';
import { questKeys } from '@/features/quests/api/keys';
import { perkDetailKey } from '@/features/perks/api/get-perk';

describe('toLiveEvent', () => {
  it('reads our events and ignores data that is not one', () => {
    expect(toLiveEvent('{"type":"message","id":"m1","from":"u1"}')).toEqual({ type: 'message', id: 'm1', from: 'u1' });
    expect(toLiveEvent('not json')).toBeNull();
    expect(toLiveEvent('{"x":1}')).toBeNull();
    expect(toLiveEvent('null')).toBeNull();
  });
});

describe('applyLiveEvent', () => {
  const invalidated = (type: Parameters<typeof applyLiveEvent>[1]['type']) => {
    const qc = new QueryClient();
    const spy = vi.spyOn(qc, 'invalidateQueries');
    applyLiveEvent(qc, { type });
    return spy.mock.calls.map(([filters]) => filters?.queryKey);
  };

  it('refreshes chats and messages on messages and read receipts, notifications (and the quest and perk on screen) on notifications', () => {
    expect(invalidated('message')).toEqual([liveKeys.messages, liveKeys.notifications]);
    expect(invalidated('message_read')).toEqual([liveKeys.messages]);
    expect(invalidated('notification')).toEqual([liveKeys.notifications, liveKeys.quests, liveKeys.perks]);
    expect(invalidated('resync')).toEqual([
      liveKeys.wallet,
      liveKeys.walletHistory,
      liveKeys.messages,
      liveKeys.notifications,
      liveKeys.quests,
      liveKeys.perks,
    ]);
  });

  it('refreshes the balance, the wallet history and the quest and perk on screen on a wallet event (issue #14 item 15)', () => {
    expect(invalidated('wallet')).toEqual([liveKeys.wallet, liveKeys.walletHistory, liveKeys.quests, liveKeys.perks]);
    expect(liveKeys.wallet).toEqual(queryKeys.myWallet);
    expect(liveKeys.walletHistory).toEqual(walletKeys.all);
    expect(liveKeys.quests).toEqual(questKeys.all);
    expect(liveKeys.perks).toEqual(perkDetailKey('x').slice(0, 1));
  });
});

describe('runLiveStream', () => {
  afterEach(() => {
    vi.useRealTimers();
    authSession.clear();
  });

  /** A stream that stays open until the client goes away, as a real one does. */
  const openStream = (request: Request) =>
    new HttpResponse(
      new ReadableStream({
        start(c) {
          c.enqueue(new TextEncoder().encode(': connected\n\n'));
          request.signal.addEventListener('abort', () => c.close());
        },
      }),
      { headers: { 'content-type': 'text/event-stream' } },
    );

  it('delivers the events of the stream, split across chunks, after a resync', async () => {
    authSession.signIn({ access: 'token', refresh: 'refresh', user });
    const chunks = [
      ': connected\n\nevent: message\ndata: {"type":"message","id":"m1","fr',
      'om":"u1"}\n\n: ping\n\nevent: notification\r\ndata: {"type":"notification","id":"n1"}\r\n\r\n',
      'data: not json\n\n',
    ];
    server.use(
      http.get(apiUrl(routes.live.path), () => {
        const body = new ReadableStream({
          start(c) {
            for (const chunk of chunks) c.enqueue(new TextEncoder().encode(chunk));
          },
        });
        return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
      }),
    );
    const events: LiveEvent[] = [];
    const controller = new AbortController();
    const done = runLiveStream((e) => events.push(e), controller.signal);
    await vi.waitFor(() => expect(events).toHaveLength(3));
    controller.abort();
    await done;
    expect(events).toEqual([
      { type: 'resync' },
      { type: 'message', id: 'm1', from: 'u1' },
      { type: 'notification', id: 'n1' },
    ]);
  });

  it('backs off when the server accepts the stream and drops it at once, instead of reconnecting every second', async () => {
    authSession.signIn({ access: 'token', refresh: 'refresh', user });
    const seen = recordRequests();
    server.use(http.get(apiUrl(routes.live.path), () => new HttpResponse('', { status: 200 })));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const controller = new AbortController();
    const done = runLiveStream(() => {}, controller.signal);
    await vi.advanceTimersByTimeAsync(30_000);
    controller.abort();
    await done;
    // Backoff 1, 2, 4, 8, 16 s (±25 %): at most six attempts in 30 s, not one a second.
    expect(seen.length).toBeGreaterThanOrEqual(4);
    expect(seen.length).toBeLessThanOrEqual(6);
  });

  it('refreshes a refused token through the shared queue and streams with the new one', async () => {
    authSession.signIn({ access: 'old', refresh: 'refresh-1', user });
    let refreshes = 0;
    const later = new Date(Date.now() + 15 * 60_000).toISOString();
    server.use(
      http.post(apiUrl(routes.tokenRefresh.path), () => {
        refreshes++;
        return HttpResponse.json({ access: 'new', refresh: 'refresh-2', access_expires_at: later });
      }),
      http.get(apiUrl(routes.live.path), ({ request }) =>
        request.headers.get('authorization') === 'Bearer new'
          ? openStream(request)
          : HttpResponse.json({ detail: 'Token expired', code: 'token_invalid' }, { status: 401 }),
      ),
    );
    const { result } = renderHook(() => useLiveConnected());
    const controller = new AbortController();
    let done: Promise<void> = Promise.resolve();
    await act(async () => {
      done = runLiveStream(() => {}, controller.signal);
      await vi.waitFor(() => expect(result.current).toBe(true));
    });
    expect(refreshes).toBe(1);
    expect(authSession.get().token).toBe('new');
    await act(async () => {
      controller.abort();
      await done;
    });
  });

  it('stops when the session cannot be refreshed', async () => {
    authSession.signIn({ access: 'old', refresh: 'revoked', user });
    const seen = recordRequests();
    server.use(
      http.post(apiUrl(routes.tokenRefresh.path), () =>
        HttpResponse.json({ detail: 'Token revoked', code: 'token_invalid' }, { status: 401 }),
      ),
      http.get(apiUrl(routes.live.path), () =>
        HttpResponse.json({ detail: 'Token expired', code: 'token_invalid' }, { status: 401 }),
      ),
    );
    const controller = new AbortController();
    await runLiveStream(() => {}, controller.signal);
    expect(authSession.get().token).toBeNull();
    expect(seen.map((r) => r.path)).toEqual(['/api/v1/club/live/', '/api/v1/bot/token/refresh/']);
  });

  it("a run that ends (sign-out, remount) does not mark the next run's open stream as down", async () => {
    authSession.signIn({ access: 'token', refresh: 'refresh', user });
    server.use(http.get(apiUrl(routes.live.path), ({ request }) => openStream(request)));
    const { result } = renderHook(() => useLiveConnected());
    const first = new AbortController();
    const second = new AbortController();
    let firstDone: Promise<void> = Promise.resolve();
    let secondDone: Promise<void> = Promise.resolve();
    let secondOpen = false;
    await act(async () => {
      firstDone = runLiveStream(() => {}, first.signal);
      await vi.waitFor(() => expect(result.current).toBe(true));
      secondDone = runLiveStream((e) => (secondOpen ||= e.type === 'resync'), second.signal);
      await vi.waitFor(() => expect(secondOpen).toBe(true));
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
    const requests: Array<{ auth: string; signal: AbortSignal }> = [];
    server.use(
      http.get(apiUrl(routes.live.path), ({ request }) => {
        requests.push({ auth: request.headers.get('authorization') ?? '', signal: request.signal });
        return openStream(request);
      }),
    );
    const qc = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client: qc }, children);
    const { unmount } = renderHook(() => useLiveUpdates(), { wrapper });
    // The stream opens once the page has settled (after load, when idle), from a lazily loaded module.
    await vi.waitFor(() => expect(requests.map((r) => r.auth)).toEqual(['Bearer token-a']));
    // Another tab signs in as someone else: this tab never sees a signed-out state.
    await act(async () => {
      authSession.signIn({ access: 'token-b', refresh: 'refresh', user: { ...user, id: 'another-member' } });
    });
    await vi.waitFor(() => expect(requests.map((r) => r.auth)).toEqual(['Bearer token-a', 'Bearer token-b']));
    expect(requests[0]!.signal.aborted).toBe(true);
    unmount();
    await vi.waitFor(() => expect(requests[1]!.signal.aborted).toBe(true));
  });
});
