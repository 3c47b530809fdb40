import { useSyncExternalStore } from 'react';

/** The live stream's shared state (live-events.ts): the query keys it keeps fresh and whether it is up. */

/**
 * Query-key prefixes the stream keeps fresh: chats and messages, everything about notifications, the wallet,
 * and the quest and perk screens (a reward, an approval or rejection, a redemption reaches them through the
 * wallet and notification events: issue #14 item 15).
 */
export const liveKeys = {
  messages: ['messages'] as const,
  notifications: ['me', 'notifications'] as const,
  wallet: ['me', 'wallet'] as const,
  walletHistory: ['wallet'] as const,
  quests: ['quests'] as const,
  perks: ['perks'] as const,
};

// Whether the stream is up: polling (docs/spec/02-explore-details-wallet-social.md §9) runs only while it is not. Owned by the run that connected
// last, so a run that is ending (sign-out, remount) cannot mark the next run's open stream as down.
let connected = false;
let connectedRun: object | null = null;
const connectedListeners = new Set<() => void>();
export function setConnected(run: object, up: boolean) {
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
