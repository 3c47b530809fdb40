import { LIMITS, MSG, TIMINGS } from '@wyn/contract';
import { API_BASE, apiPaths, NO_REFRESH_PATHS } from '@/config/paths';
import { ApiError } from './api-error';
import { withRetry, sleep as realSleep } from './retry';
import { notify } from './toast';
import { authSession, type SessionState, type TokenPayload } from './session';

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON-serialisable value or FormData. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** Default 30 s (spec 01 §9). */
  timeoutMs?: number;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** Refresh the token and retry once on a 401 (default: true except for sign-in calls). */
  refreshOn401?: boolean;
  /** Show the error toast on failure (default true; forms opt out and show errors inline). */
  toast?: boolean;
  /** Retry network failures and 5xx with the generic helper (default: GET only). */
  retry?: boolean;
  signal?: AbortSignal;
}

/** What the client needs from the session store (injectable for tests). */
export interface SessionAdapter {
  get(): Pick<SessionState, 'token' | 'refreshToken' | 'expiresAt'>;
  setTokens(payload: TokenPayload): void;
  clear(): void;
  touch?(): void;
}

export interface ApiClientOptions {
  fetch?: typeof fetch;
  baseUrl?: string;
  session?: SessionAdapter;
  /** Called once when a refresh is rejected, after the session was cleared. */
  onSessionExpired?: () => void;
  /** Shows a failure to the user (default: a 4 s error toast). */
  onError?: (message: string, error: ApiError) => void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

type RefreshOutcome = { ok: true } | { ok: false; rejected: boolean; error: ApiError };

function isAbort(e: unknown): boolean {
  return e instanceof DOMException && e.name === 'AbortError';
}

function isTransient(e: unknown): boolean {
  return e instanceof ApiError && (e.kind === 'network' || (e.kind === 'http' && e.status >= 500));
}

function parseRetryAfter(v: string | null): number | undefined {
  if (!v) return undefined;
  const n = Number(v);
  if (Number.isFinite(n)) return n;
  const t = Date.parse(v);
  return Number.isFinite(t) ? Math.max(0, Math.ceil((t - Date.now()) / 1000)) : undefined;
}

export function createApiClient(options: ApiClientOptions = {}) {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const baseUrl = options.baseUrl ?? API_BASE;
  const session = options.session ?? authSession;
  const now = options.now ?? Date.now;
  const wait = options.sleep ?? realSleep;
  let onSessionExpired = options.onSessionExpired ?? (() => {});
  const onError = options.onError ?? ((message: string) => notify.error(message));

  let refreshing: Promise<RefreshOutcome> | null = null;

  function buildUrl(path: string, query?: Record<string, QueryValue>): string {
    const url = /^https?:\/\//.test(path) || path.startsWith('/') ? path : baseUrl + path;
    if (!query) return url;
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
    const qs = params.toString();
    return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
  }

  /** One HTTP exchange: resolves with the Response (any status) or rejects with a network/timeout ApiError. */
  async function send(url: string, opts: RequestOptions, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData) body = opts.body;
    else if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    if (token && opts.auth !== false) headers.Authorization = `Bearer ${token}`;

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, opts.timeoutMs ?? TIMINGS.requestTimeoutMs);
    const onCallerAbort = () => controller.abort();
    opts.signal?.addEventListener('abort', onCallerAbort);
    try {
      const init: RequestInit = {
        method: opts.method ?? 'GET',
        headers,
        signal: controller.signal,
        credentials: 'same-origin',
      };
      if (body !== undefined) init.body = body;
      return await doFetch(url, init);
    } catch (e) {
      if (timedOut) throw new ApiError({ kind: 'timeout', url });
      if (opts.signal?.aborted || (isAbort(e) && !timedOut)) throw e;
      throw new ApiError({ kind: 'network', url });
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  async function readBody(res: Response): Promise<unknown> {
    if (res.status === 204 || res.status === 205) return undefined;
    const text = await res.text();
    if (!text) return undefined;
    const type = res.headers.get('content-type') ?? '';
    if (type.includes('json') || /^\s*[[{]/.test(text)) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text;
      }
    }
    return text;
  }

  async function httpError(res: Response, url: string): Promise<ApiError> {
    let data: unknown;
    try {
      data = await readBody(res);
    } catch {
      data = undefined;
    }
    return new ApiError({
      kind: 'http',
      status: res.status,
      data,
      url,
      contentType: res.headers.get('content-type'),
      retryAfter: parseRetryAfter(res.headers.get('retry-after')),
    });
  }

  function expireSession() {
    session.clear();
    onSessionExpired();
  }

  async function doRefresh(): Promise<RefreshOutcome> {
    const refreshToken = session.get().refreshToken;
    const url = buildUrl(apiPaths.tokenRefresh);
    if (!refreshToken) {
      expireSession();
      return {
        ok: false,
        rejected: true,
        error: new ApiError({ kind: 'http', status: 401, url, message: MSG.sessionExpired }),
      };
    }
    let res: Response;
    try {
      res = await send(url, { method: 'POST', body: { refresh: refreshToken }, auth: false }, null);
    } catch (e) {
      return { ok: false, rejected: false, error: e instanceof ApiError ? e : new ApiError({ kind: 'network', url }) };
    }
    if (!res.ok) {
      const error = await httpError(res, url);
      if (res.status >= 500) return { ok: false, rejected: false, error };
      expireSession();
      return { ok: false, rejected: true, error };
    }
    const data = (await readBody(res)) as TokenPayload | undefined;
    if (!data || !(data.access ?? data.token)) {
      expireSession();
      return {
        ok: false,
        rejected: true,
        error: new ApiError({ kind: 'http', status: 401, url, message: MSG.sessionExpired }),
      };
    }
    session.setTokens(data);
    return { ok: true };
  }

  /** Refreshes the access token once; concurrent callers share the same refresh. */
  function refreshOnce(): Promise<RefreshOutcome> {
    if (!refreshing) {
      refreshing = doRefresh().finally(() => {
        refreshing = null;
      });
    }
    return refreshing;
  }

  function sessionExpiredError(url: string) {
    return new ApiError({ kind: 'http', status: 401, url, message: MSG.sessionExpired });
  }

  async function attempt<T>(path: string, url: string, opts: RequestOptions): Promise<T> {
    const useAuth = opts.auth !== false;
    const mayRefresh = useAuth && (opts.refreshOn401 ?? !NO_REFRESH_PATHS.includes(path));

    if (useAuth) {
      // Queue behind a refresh in flight.
      if (refreshing) await refreshing;
      // Proactive refresh when the access token is within 5 minutes of expiry.
      const s = session.get();
      if (
        mayRefresh &&
        s.token &&
        s.refreshToken &&
        s.expiresAt != null &&
        s.expiresAt - now() < LIMITS.refreshMarginSeconds * 1000
      ) {
        const outcome = await refreshOnce();
        if (!outcome.ok && outcome.rejected) throw sessionExpiredError(url);
      }
    }

    const tokenUsed = useAuth ? session.get().token : null;
    let res = await send(url, opts, tokenUsed);

    if (res.status === 401 && mayRefresh && tokenUsed) {
      // Drain the body of the rejected response before retrying.
      await res.text().catch(() => '');
      const current = session.get().token;
      if (current && current !== tokenUsed) {
        // Someone refreshed while this request was in flight: retry with the new token.
        res = await send(url, opts, current);
      } else {
        const outcome = await refreshOnce();
        if (!outcome.ok) throw outcome.rejected ? sessionExpiredError(url) : outcome.error;
        res = await send(url, opts, session.get().token);
      }
    }

    if (!res.ok) throw await httpError(res, url);
    if (useAuth && session.get().token) session.touch?.();
    return (await readBody(res)) as T;
  }

  async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    const url = buildUrl(path, opts.query);
    const method = opts.method ?? 'GET';
    const retry = opts.retry ?? method === 'GET';
    try {
      return await withRetry(() => attempt<T>(path, url, opts), {
        attempts: retry ? 3 : 1,
        baseDelayMs: 1000,
        sleep: wait,
        shouldRetry: (e) => isTransient(e) && !(e instanceof ApiError && e.kind === 'timeout'),
      });
    } catch (e) {
      if (e instanceof ApiError) {
        const expired = e.status === 401 && e.message === MSG.sessionExpired;
        if (opts.toast !== false && !expired) onError(e.message, e);
      }
      throw e;
    }
  }

  return {
    request,
    get: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...opts, method: 'GET' }),
    post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...opts, method: 'POST', body }),
    patch: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...opts, method: 'PATCH', body }),
    put: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...opts, method: 'PUT', body }),
    delete: <T>(path: string, opts?: Omit<RequestOptions, 'method'>) => request<T>(path, { ...opts, method: 'DELETE' }),
    /** Forces a token refresh (shared with any refresh in flight). */
    refresh: () => refreshOnce(),
    setSessionExpiredHandler(handler: () => void) {
      onSessionExpired = handler;
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's client: same-origin `/api/v1/`, session from localStorage. */
export const api = createApiClient();
