/**
 * Toasts through sonner, loaded lazily so it stays out of the initial bundle. sonner replays toasts
 * created before its Toaster subscribes, so nothing is lost while the chunk loads and the Toaster mounts.
 */
import { TIMINGS } from '@wyn/contract';
import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';
import { useEffect, useSyncExternalStore } from 'react';

type Sonner = typeof SonnerModule;
let sonner: Promise<Sonner> | null = null;
const requestedListeners = new Set<() => void>();

/**
 * sonner, loaded when the first toast is shown (or dismissed), not at start: its chunk, the styles it inserts
 * (a style recalculation of the whole page) and its Toaster's render stay out of the first seconds
 * (docs/performance.md, Web: total blocking time). The Toaster mounts then (`useSonnerRequested`).
 */
export function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    for (const l of requestedListeners) l();
  }
  return sonner;
}

/**
 * Loads sonner once the page has loaded and the browser has been idle a while, even if no toast was shown: an error
 * toast must not depend on fetching a chunk when the network has just failed. Returns a cancel function.
 */
export function loadSonnerWhenIdle(afterLoadMs = 4000): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const start = () => {
    timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function')
        idle = requestIdleCallback(() => void loadSonner(), { timeout: 2000 });
      else void loadSonner();
    }, afterLoadMs);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return () => {
    window.removeEventListener('load', start);
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}

/** Whether anything asked for sonner yet: the app mounts its Toaster from then on. */
export function useSonnerRequested(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      requestedListeners.add(onChange);
      return () => requestedListeners.delete(onChange);
    },
    () => sonner !== null,
    () => false,
  );
}

/**
 * `outlive: true` keeps a toast when the screen that showed it closes (a success that leads to the next
 * screen, e.g. "Quest created"); every other toast shown while a scoped screen is open goes with it.
 */
export type NotifyOptions = ExternalToast & { outlive?: boolean };

type ToastId = string | number;
/** Toasts shown while each open scoped screen (useToastScope) has been open. */
const scopes = new Set<Set<ToastId>>();

function show(
  kind: 'success' | 'error' | 'info',
  message: string,
  defaults: ExternalToast,
  options: NotifyOptions | undefined,
) {
  const { outlive, ...rest } = options ?? {};
  const owners = outlive ? [] : [...scopes];
  void loadSonner().then(({ toast }) => {
    const id = toast[kind](message, { ...defaults, ...rest });
    for (const scope of owners) scope.add(id);
  });
}

export const notify = {
  /** Success: 5 s. */
  success(message: string, options?: NotifyOptions): void {
    show('success', message, { duration: TIMINGS.toastSuccessMs }, options);
  },
  /** Failure: 4 s (docs/spec/01-signin-home-create.md §8); identical messages are shown once. */
  error(message: string, options?: NotifyOptions): void {
    show('error', message, { id: message, duration: TIMINGS.toastDefaultMs }, options);
  },
  info(message: string, options?: NotifyOptions): void {
    show('info', message, { duration: TIMINGS.toastInfoMs }, options);
  },
};

/**
 * Toasts shown while the calling screen is open are dismissed when it closes (issue #14 item 21: no stale
 * "Channel verification failed" over the next screen after leaving a wizard), except `outlive` ones.
 */
export function useToastScope(): void {
  useEffect(() => {
    const shown = new Set<ToastId>();
    scopes.add(shown);
    return () => {
      scopes.delete(shown);
      if (shown.size) void loadSonner().then(({ toast }) => shown.forEach((id) => toast.dismiss(id)));
    };
  }, []);
}
