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
  /** The access token it was sent with (null: sent without one, as the client sends a public route). */
  token: string | null;
  /** When it was sent (ms since the epoch). */
  at: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __wynBoot?: BootRequest;
    /**
     * On a quest's page, what the signed-in shell asks for at start (the member, the app's settings, the profile,
     * the member's settings), sent beside the quest: their answers are in before the page renders, and the cover
     * does not wait on requests the entry would start only once it has run.
     */
    __wynBootShell?: BootRequest[];
  }
}

/** A launch request older than this is not taken: the app asks afresh (its answer may have changed since). */
export const BOOT_REQUEST_MAX_AGE_MS = 15_000;

/**
 * The boot script's response for this GET, or null: taken once (the entry is removed), for the same address and
 * token (`token` is what the request is sent with: null for a public route), within BOOT_REQUEST_MAX_AGE_MS of the
 * launch. A stale entry is dropped. The launch page's own request needs a token.
 */
export function takeBootResponse(
  url: string,
  method: string,
  token: string | null,
  now: number = Date.now(),
): Promise<Response> | null {
  if (typeof window === 'undefined') return null;
  const fresh = (b: BootRequest) => now - b.at >= 0 && now - b.at <= BOOT_REQUEST_MAX_AGE_MS;
  // Stale answers are dropped whatever is asked.
  if (window.__wynBoot && !fresh(window.__wynBoot)) delete window.__wynBoot;
  if (window.__wynBootShell && !window.__wynBootShell.every(fresh)) delete window.__wynBootShell;
  if (method !== 'GET') return null;
  // The same address, sent with the same token or, for a public route, both without one.
  const matches = (b: BootRequest) => b.url === url && b.token === token;
  const boot = window.__wynBoot;
  if (boot && token && matches(boot)) {
    delete window.__wynBoot;
    return boot.response;
  }
  const shell = window.__wynBootShell ?? [];
  const i = shell.findIndex(matches);
  if (i < 0) return null;
  const [taken] = shell.splice(i, 1);
  if (!shell.length) delete window.__wynBootShell;
  return taken!.response;
}
