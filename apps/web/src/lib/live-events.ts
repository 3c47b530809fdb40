import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@wyn/contract';
import { apiPaths } from '@/config/paths';
import { api, type ApiClient } from './api-client';
import { authSession, useIsAuthenticated, useSession } from './session';

/**
 * The live stream (decision 0006): one server-sent-events connection per signed-in tab, opened by the API
 * client so the bearer token travels in a header and refreshes share its queue. Events are hints; the queries
 * they concern are refetched.
 */

/** Query-key prefixes the stream keeps fresh: chats and messages, and everything about notifications. */
export const liveKeys = {
  messages: ['messages'] as const,
  notifications: ['me', 'notifications'] as const,
  wallet: ['me', 'wallet'] as const,
  walletHistory: ['wallet'] as const,
};

const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;
/**
 * A stream must stay up this long before the backoff starts again from its minimum: a server or proxy that
 * accepts and at once drops the stream must not get a reconnect every second from every tab.
 */
export const LIVE_STABLE_MS = 10_000;

// Whether the stream is up: polling (docs/spec/02-explore-details-wallet-social.md §9) runs only while it is not. Owned by the run that connected
// last, so a run that is ending (sign-out, remount) cannot mark the next run's open stream as down.
let connected = false;
let connectedRun: object | null = null;
const connectedListeners = new Set<() => void>();
function setConnected(run: object, up: boolean) {
  if (up) connectedRun = run;
  else if (connectedRun === run) connectedRun = null;
  const next = connectedRun !== null;
  if (connected === next) return;
  connected = next;
  for (const l of connectedListeners) l();
}
const subscribeConnected = (l: () => void) => {
  connectedListeners.add(l);
  return () => connectedListeners.delete(l);
};

export function useLiveConnected(): boolean {
  return useSyncExternalStore(subscribeConnected, () => connected);
}

/** The spec's polling interval while the stream is down, none while it is up. */
export function useLivePollInterval(ms: number): number | false {
  return useLiveConnected() ? false : ms;
}

/** One SSE message as a live event, or null when it is not one of ours. */
export function toLiveEvent(data: string): LiveEvent | null {
  try {
    const event = JSON.parse(data) as Partial<LiveEvent> | null;
    return event && typeof event.type === 'string' ? (event as LiveEvent) : null;
  } catch {
    return null;
  }
}

/** Refetches what an event concerns (only queries on screen refetch; the rest go stale). */
export function applyLiveEvent(qc: QueryClient, event: LiveEvent) {
  if (event.type === 'wallet' || event.type === 'resync') {
    // A reward, transfer, redemption or escrow move changed the balance (a resync may have missed one).
    void qc.invalidateQueries({ queryKey: liveKeys.wallet });
    void qc.invalidateQueries({ queryKey: liveKeys.walletHistory });
    if (event.type === 'wallet') return;
  }
  if (event.type !== 'notification') void qc.invalidateQueries({ queryKey: liveKeys.messages });
  if (event.type === 'notification' || event.type === 'message' || event.type === 'resync')
    void qc.invalidateQueries({ queryKey: liveKeys.notifications });
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Keeps one stream open through the API client (bearer token, the shared refresh queue, the kept SSE parser)
 * until `signal` aborts or the session ends; reconnects with backoff.
 */
export async function runLiveStream(
  onEvent: (e: LiveEvent) => void,
  signal: AbortSignal,
  client: Pick<ApiClient, 'stream'> = api,
): Promise<void> {
  const run = {};
  let delay = RECONNECT_MIN_MS;
  while (!signal.aborted) {
    if (!authSession.get().token) return;
    let openedAt: number | null = null;
    try {
      await client.stream(apiPaths.live, {
        signal,
        onOpen() {
          openedAt = Date.now();
          setConnected(run, true);
          // Anything may have changed while we were away.
          onEvent({ type: 'resync' });
        },
        onMessage(message) {
          const event = toLiveEvent(message.data);
          if (event) onEvent(event);
        },
      });
    } catch {
      /* refused, network failure or abort: fall through to the backoff */
    } finally {
      setConnected(run, false);
    }
    if (openedAt !== null && Date.now() - openedAt >= LIVE_STABLE_MS) delay = RECONNECT_MIN_MS;
    await wait(delay * (0.75 + Math.random() / 2), signal);
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  }
}

/**
 * Mounted once in the app layout: streams while signed in, stops on sign-out, and starts over when another
 * member signs in (another tab may switch accounts without this one ever seeing a signed-out state).
 */
export function useLiveUpdates() {
  const signedIn = useIsAuthenticated();
  const memberId = useSession().user?.id ?? null;
  const qc = useQueryClient();
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    void runLiveStream((event) => applyLiveEvent(qc, event), controller.signal);
    return () => controller.abort();
  }, [signedIn, memberId, qc]);
}
