import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useIsAuthenticated, useSession } from './session';

/**
 * The live stream (decision 0006): one server-sent-events connection per signed-in tab, opened by the API
 * client so the bearer token travels in a header and refreshes share its queue. Events are hints; the queries
 * they concern are refetched.
 */

export { liveKeys, useLiveConnected, useLivePollInterval } from './live-state';

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
    const cancel = afterPageSettles(() => {
      void import('./live-stream').then(({ applyLiveEvent, runLiveStream }) => {
        if (!controller.signal.aborted) void runLiveStream((event) => applyLiveEvent(qc, event), controller.signal);
      });
    });
    return () => {
      cancel();
      controller.abort();
    };
  }, [signedIn, memberId, qc]);
}

/**
 * The live stream starts no earlier than this after the launch (ms since navigation start). A fast load fires the
 * load event before a lazy page (a quest's, its cover its LCP) has rendered; without the floor the stream's
 * request and chunk went out as the page's largest content was about to paint, and Lighthouse's simulation put
 * them on its path (docs/performance.md, Web). Answers loaded at launch are fresh; a later event refetches.
 */
export const LIVE_START_FLOOR_MS = 1500;

/**
 * Runs `start` once the page has settled: after the load event and at least LIVE_START_FLOOR_MS into the launch,
 * then when the browser is idle (at most 2 s later), so the live stream never competes with the first paint's
 * requests (docs/performance.md, Delivery). Returns a cancel function.
 */
export function afterPageSettles(start: () => void): () => void {
  let cancelled = false;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const whenIdle = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      idle = window.requestIdleCallback(() => !cancelled && start(), { timeout: 2000 });
    } else {
      timer = setTimeout(() => !cancelled && start(), 0);
    }
  };
  const run = () => {
    if (cancelled) return;
    const early = LIVE_START_FLOOR_MS - performance.now();
    if (early > 0) timer = setTimeout(whenIdle, early);
    else whenIdle();
  };
  const onLoad = () => run();
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', onLoad, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', onLoad);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
}
