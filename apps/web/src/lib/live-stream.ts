import type { QueryClient } from '@tanstack/react-query';
import { routes, type LiveEvent } from '@wyn/contract';
import { api, type ApiClient } from './api-client';
import { liveKeys, setConnected } from './live-state';
import { authSession } from './session';

/**
 * The live stream's client (decision 0006), loaded by `useLiveUpdates` once the page has settled, so it stays
 * out of the initial bundle.
 */

const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;
/**
 * A stream must stay up this long before the backoff starts again from its minimum: a server or proxy that
 * accepts and at once drops the stream must not get a reconnect every second from every tab.
 */
export const LIVE_STABLE_MS = 10_000;

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
  }
  if (event.type !== 'notification' && event.type !== 'wallet')
    void qc.invalidateQueries({ queryKey: liveKeys.messages });
  if (event.type === 'notification' || event.type === 'message' || event.type === 'resync')
    void qc.invalidateQueries({ queryKey: liveKeys.notifications });
  // A reward paid, a proof approved or rejected, a perk redeemed: the quest and perk on screen show it.
  if (event.type === 'wallet' || event.type === 'notification' || event.type === 'resync') {
    void qc.invalidateQueries({ queryKey: liveKeys.quests });
    void qc.invalidateQueries({ queryKey: liveKeys.perks });
  }
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
      await client.stream(routes.live, {
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
