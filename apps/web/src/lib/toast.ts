/**
 * Toasts through sonner, loaded lazily so it stays out of the initial bundle. sonner replays toasts
 * created before its Toaster subscribes, so nothing is lost while the chunk loads.
 */
import { TIMINGS } from '@wyn/contract';
import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';

type Sonner = typeof SonnerModule;
let sonner: Promise<Sonner> | null = null;

export function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner');
  return sonner;
}

export const notify = {
  /** Success: 5 s. */
  success(message: string, options?: ExternalToast): void {
    void loadSonner().then(({ toast }) => toast.success(message, { duration: TIMINGS.toastSuccessMs, ...options }));
  },
  /** Failure: 4 s (docs/spec/01-signin-home-create.md §8); identical messages are shown once. */
  error(message: string, options?: ExternalToast): void {
    void loadSonner().then(({ toast }) =>
      toast.error(message, { id: message, duration: TIMINGS.toastDefaultMs, ...options }),
    );
  },
  info(message: string, options?: ExternalToast): void {
    void loadSonner().then(({ toast }) => toast.info(message, { duration: TIMINGS.toastInfoMs, ...options }));
  },
};
