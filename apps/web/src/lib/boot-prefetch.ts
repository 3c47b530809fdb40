/**
 * The launch page's main request, started by public/tg-boot.js before the entry script is downloaded and run (a
 * quest's page: the quest, whose cover is the page's LCP; Home: its content), so it does not wait for the entry
 * (docs/performance.md, Web). The boot script leaves it on `window.__wynBoot`; the API client takes it instead of
 * sending the same request again: once, only a GET of the same address with the same access token, and only
 * shortly after the launch. Anything else, a failure included, goes out as a request of its own.
 */

export interface BootRequest {
  /** The address as the API client builds it (`/api/v1/…`). */
  url: string;
  /** The access token it was sent with. */
  token: string;
  /** When it was sent (ms since the epoch). */
  at: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __wynBoot?: BootRequest;
  }
}

/** A launch request older than this is not taken: the app asks afresh (its answer may have changed since). */
export const BOOT_REQUEST_MAX_AGE_MS = 15_000;

/**
 * The boot script's response for this GET, or null: taken once (the entry is removed), for the same address and
 * token, within BOOT_REQUEST_MAX_AGE_MS of the launch. A stale entry is dropped.
 */
export function takeBootResponse(
  url: string,
  method: string,
  token: string | null,
  now: number = Date.now(),
): Promise<Response> | null {
  if (typeof window === 'undefined') return null;
  const boot = window.__wynBoot;
  if (!boot) return null;
  if (!(now - boot.at >= 0 && now - boot.at <= BOOT_REQUEST_MAX_AGE_MS)) {
    delete window.__wynBoot;
    return null;
  }
  if (method !== 'GET' || !token || boot.url !== url || boot.token !== token) return null;
  delete window.__wynBoot;
  return boot.response;
}
