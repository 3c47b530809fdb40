import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LIMITS, type LiveEvent } from '@wyn/contract';
import { API_BASE, apiPaths } from '@/config/paths';
import { api } from './api-client';
import { authSession, STORAGE_KEYS, useIsAuthenticated, useSession } from './session';
import { local } from './storage';

/**
 * The live stream (decision 0006): one server-sent-events connection per signed-in tab, read with fetch so
 * the bearer token travels in a header. Events are hints; the queries they concern are refetched.
 */

/** Query-key prefixes the stream keeps fresh: chats and messages, and everything about notifications. */
export const liveKeys = {
  messages: ['messages'] as const,
  notifications: ['me', 'notifications'] as const,
};

const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;
/**
 * A stream must stay up this long before the backoff starts again from its minimum: a server or proxy that
 * accepts and at once drops the stream must not get a reconnect every second from every tab.
 */
export const LIVE_STABLE_MS = 10_000;

// Whether the stream is up: polling (spec 02 §9) runs only while it is not. Owned by the run that connected
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

/** Splits SSE text into complete events; returns the parsed events and the unfinished rest. */
export function parseSse(buffer: string): { events: LiveEvent[]; rest: string } {
  const events: LiveEvent[] = [];
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    const data = block
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trimStart())
      .join('\n');
    if (!data) continue;
    try {
      const event = JSON.parse(data) as LiveEvent;
      if (typeof event.type === 'string') events.push(event);
    } catch {
      /* not ours: ignore */
    }
  }
  return { events, rest };
}

/** Refetches what an event concerns (only queries on screen refetch; the rest go stale). */
export function applyLiveEvent(qc: QueryClient, event: LiveEvent) {
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
 * Makes the access token fresh enough to stream with; false when the session is over. Every tab's stream
 * ends when their shared token expires, so the tabs would present the same refresh token at the same moment,
 * and a reused refresh token ends the whole session (DESIGN §5). Under a cross-tab lock each tab first
 * re-reads the stored session and uses the token another tab has just obtained, if any. `rejected` is a
 * token the server refused: it is renewed even if it looks fresh.
 */
export async function refreshForStream(rejected: string | null = null): Promise<boolean> {
  const renew = async () => {
    if (local.get(STORAGE_KEYS.token) !== authSession.get().token) authSession.reload();
    const { token, expiresAt } = authSession.get();
    if (!token) return false;
    const stale = expiresAt != null && expiresAt - Date.now() < LIMITS.refreshMarginSeconds * 1000;
    if (!stale && token !== rejected) return true;
    const r = await api.refresh();
    return r.ok || !r.rejected;
  };
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('wyn-live-refresh', renew) : renew();
}

/** Reads the stream until it ends or `signal` aborts; reconnects with backoff; refreshes an expired token. */
export async function runLiveStream(onEvent: (e: LiveEvent) => void, signal: AbortSignal): Promise<void> {
  const run = {};
  let delay = RECONNECT_MIN_MS;
  while (!signal.aborted) {
    if (!authSession.get().token) return;
    try {
      if (!(await refreshForStream())) return;
      const token = authSession.get().token ?? '';
      const res = await fetch(API_BASE + apiPaths.live, {
        headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
        cache: 'no-store',
        signal,
      });
      if (res.status === 401) {
        await res.body?.cancel();
        if (!(await refreshForStream(token))) return;
      } else if (res.ok && res.body) {
        setConnected(run, true);
        const openedAt = Date.now();
        // Anything may have changed while we were away.
        onEvent({ type: 'resync' });
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const parsed = parseSse(buffer + value);
          buffer = parsed.rest;
          parsed.events.forEach(onEvent);
        }
        if (Date.now() - openedAt >= LIVE_STABLE_MS) delay = RECONNECT_MIN_MS;
      } else {
        await res.body?.cancel();
      }
    } catch {
      /* network failure or abort: fall through to the backoff */
    } finally {
      setConnected(run, false);
    }
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
