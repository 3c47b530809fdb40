import {
  buildRoutePath,
  LIMITS,
  MSG,
  routes,
  TIMINGS,
  type EndpointInput,
  type EndpointOutput,
  type Route,
} from '@wyn/contract';
import type { EndpointName, Endpoints } from '@wyn/contract/endpoints';
import { API_BASE } from '@/config/paths';
import { ApiError } from './api-error';
import { takeBootResponse } from './boot-prefetch';
import { browserPostTask } from './post-task';
import {
  checkResponse,
  defaultContractCheck,
  endpointResponseSchema,
  type ContractCheck,
  type ResponseSchemaOption,
} from './response-check';
import { withRetry, sleep as realSleep } from './retry';
import type { StreamHandlers } from './event-stream';
import { notify } from './toast';
import { authSession, STORAGE_KEYS, type SessionState, type TokenPayload } from './session';
import { local } from './storage';
import type { UploadProgress } from './xhr-send';

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON-serialisable value or FormData. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** Default 30 s (docs/spec/01-signin-home-create.md §9). */
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
  /**
   * The contract schema of the answer (or a loader of it, so zod stays out of the initial bundle). Development
   * and tests parse every answer with it and throw on a mismatch; production only logs one.
   */
  schema?: ResponseSchemaOption;
}

export interface UploadOptions extends Omit<RequestOptions, 'method' | 'body' | 'retry'> {
  /** Fraction sent, 0..1 (fetch cannot report upload progress, so uploads go through XHR). */
  onProgress?: UploadProgress;
  method?: 'POST' | 'PUT' | 'PATCH';
}

/** Options of a call by route: method, path, auth and schema come from the endpoint's declaration. */
export type CallOptions = Omit<RequestOptions, 'method' | 'body' | 'query' | 'auth' | 'schema'> & {
  /** Upload progress, 0..1: the call goes through XHR (fetch cannot report upload progress). */
  onProgress?: UploadProgress;
};

type RouteOf<N extends EndpointName> = Route<N>;
/** What `call(route, …)` takes and gives, from the endpoint's schemas. */
export type CallInput<N extends EndpointName> = EndpointInput<Endpoints[N]>;
export type CallOutput<N extends EndpointName> = EndpointOutput<Endpoints[N]>;

export interface StreamOptions extends StreamHandlers {
  signal: AbortSignal;
}

/** What the client needs from the session store (injectable for tests). */
export interface SessionAdapter {
  get(): Pick<SessionState, 'token' | 'refreshToken' | 'expiresAt'>;
  setTokens(payload: TokenPayload): void;
  clear(): void;
  touch?(): void;
  /** Adopts tokens another tab stored since (the refresh token is shared by every tab). */
  sync?(): void;
}

/** The app's session: tokens live in localStorage, shared by every tab. */
const browserSession: SessionAdapter = {
  get: () => authSession.get(),
  setTokens: (p) => authSession.setTokens(p),
  clear: () => authSession.clear(),
  touch: () => authSession.touch(),
  sync() {
    if (local.get(STORAGE_KEYS.token) !== authSession.get().token) authSession.reload();
  },
};

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
  /** What a response that does not match its schema does (default: throw in development and tests, else log). */
  contractCheck?: ContractCheck;
  /** Serialises refreshes across tabs (default: the Web Locks API where there is one). */
  locks?: Pick<LockManager, 'request'> | null;
  /**
   * Resolves when a request may start (default: in a task of its own, `scheduler.postTask`, where the browser has
   * it; at once elsewhere). null starts it at once.
   */
  startTask?: (() => Promise<void>) | null;
}

/**
 * Each request starts in a task of its own: the queries a screen's first commit subscribes to all start in React's
 * one passive-effects task, and their requests (the client's work and the browser's `fetch`) were about half of that
 * task, one long task right after Home's first paint (docs/performance.md, Web: total blocking time). Where the
 * browser has no `scheduler.postTask` (and in the unit tests) a request starts at once, as before.
 */
function defaultStartTask(): (() => Promise<void>) | null {
  const postTask = browserPostTask();
  return postTask ? () => postTask(() => {}, { priority: 'user-visible' }) : null;
}

type RefreshOutcome = { ok: true } | { ok: false; rejected: boolean; error: ApiError };

function isAbort(e: unknown): boolean {
  return e instanceof DOMException && e.name === 'AbortError';
}

/** The promise's outcome, or a rejection with the signal's reason once it is aborted (a timeout, the caller). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
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
  const session = options.session ?? browserSession;
  const contractCheck = options.contractCheck ?? defaultContractCheck();
  const locks =
    options.locks !== undefined ? options.locks : typeof navigator === 'undefined' ? null : (navigator.locks ?? null);
  const now = options.now ?? Date.now;
  const wait = options.sleep ?? realSleep;
  const startTask = options.startTask !== undefined ? options.startTask : defaultStartTask();
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
      const method = opts.method ?? 'GET';
      const init: RequestInit = {
        method,
        headers,
        signal: controller.signal,
        credentials: 'same-origin',
      };
      if (body !== undefined) init.body = body;
      // The launch page's request, when the boot script has already sent this one (lib/boot-prefetch.ts).
      const sentWith = opts.auth !== false ? token : null;
      const early = body === undefined && !opts.headers ? takeBootResponse(url, method, sentWith) : null;
      if (early) {
        try {
          return await untilAborted(early, controller.signal);
        } catch (e) {
          if (controller.signal.aborted) throw e;
          // It failed on the way: this request goes out as usual.
        }
      }
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
    const url = buildUrl(routes.tokenRefresh.path);
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

  function isStale(s: Pick<SessionState, 'expiresAt'>): boolean {
    return s.expiresAt != null && s.expiresAt - now() < LIMITS.refreshMarginSeconds * 1000;
  }

  /**
   * Every tab holds the same refresh token, and presenting a rotated one ends the whole session (docs/security.md): under
   * a cross-tab lock, a tab first adopts the tokens another tab has just stored, and refreshes only when it still
   * has nothing better than the token the server refused (`rejected`) or one about to expire.
   */
  async function renew(rejected: string | null, force: boolean): Promise<RefreshOutcome> {
    const run = async (): Promise<RefreshOutcome> => {
      session.sync?.();
      const s = session.get();
      if (!force && s.token && s.token !== rejected && !isStale(s)) return { ok: true };
      return doRefresh();
    };
    return locks ? await locks.request('wyn-token-refresh', run) : run();
  }

  /** Refreshes the access token once; concurrent callers (JSON, uploads, the live stream) share the same refresh. */
  function refreshOnce(rejected: string | null = null, force = false): Promise<RefreshOutcome> {
    if (!refreshing) {
      refreshing = renew(rejected, force).finally(() => {
        refreshing = null;
      });
    }
    return refreshing;
  }

  function sessionExpiredError(url: string) {
    return new ApiError({ kind: 'http', status: 401, url, message: MSG.sessionExpired });
  }

  type Sender = (url: string, opts: RequestOptions, token: string | null) => Promise<Response>;

  /** Bearer token, proactive refresh and one refresh-and-retry on a 401; resolves with a 2xx Response. */
  async function exchange(path: string, url: string, opts: RequestOptions, sender: Sender): Promise<Response> {
    const useAuth = opts.auth !== false;
    const mayRefresh = useAuth && (opts.refreshOn401 ?? path !== routes.tokenRefresh.path);

    if (useAuth) {
      // Queue behind a refresh in flight.
      if (refreshing) await refreshing;
      // Proactive refresh when the access token is within 5 minutes of expiry.
      const s = session.get();
      if (mayRefresh && s.token && s.refreshToken && isStale(s)) {
        const outcome = await refreshOnce();
        if (!outcome.ok && outcome.rejected) throw sessionExpiredError(url);
      }
    }

    const tokenUsed = useAuth ? session.get().token : null;
    let res = await sender(url, opts, tokenUsed);

    if (res.status === 401 && mayRefresh && tokenUsed) {
      // Drain the body of the rejected response before retrying.
      await res.text().catch(() => '');
      const current = session.get().token;
      if (current && current !== tokenUsed) {
        // Someone refreshed while this request was in flight: retry with the new token.
        res = await sender(url, opts, current);
      } else {
        const outcome = await refreshOnce(tokenUsed);
        if (!outcome.ok) throw outcome.rejected ? sessionExpiredError(url) : outcome.error;
        res = await sender(url, opts, session.get().token);
      }
    }

    if (!res.ok) throw await httpError(res, url);
    return res;
  }

  async function attempt<T>(path: string, url: string, opts: RequestOptions, sender: Sender): Promise<T> {
    const res = await exchange(path, url, opts, sender);
    if (opts.auth !== false && session.get().token) session.touch?.();
    const data = await readBody(res);
    await checkResponse(data, opts.schema, contractCheck, url);
    return data as T;
  }

  async function run<T>(path: string, opts: RequestOptions, sender: Sender): Promise<T> {
    const url = buildUrl(path, opts.query);
    const method = opts.method ?? 'GET';
    const retry = opts.retry ?? method === 'GET';
    if (startTask) await startTask();
    try {
      return await withRetry(() => attempt<T>(path, url, opts, sender), {
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

  function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    return run<T>(path, opts, send);
  }

  /**
   * A file upload with progress (XHR): same token, refresh queue and error mapping as every call; not retried
   * here (the caller knows which answers another attempt cannot change).
   */
  function upload<T>(path: string, body: FormData, opts: UploadOptions = {}): Promise<T> {
    const { onProgress, ...rest } = opts;
    const sendXhr: Sender = async (url, o, token) => {
      // Loaded on first use: only the create screens upload, and the initial bundle stays small (docs/performance.md).
      const { xhrSend, XhrFailure } = await import('./xhr-send');
      const headers: Record<string, string> = { Accept: 'application/json', ...o.headers };
      if (token && o.auth !== false) headers.Authorization = `Bearer ${token}`;
      try {
        return await xhrSend(url, {
          method: o.method ?? 'POST',
          headers,
          body,
          timeoutMs: o.timeoutMs ?? TIMINGS.uploadTimeoutMs,
          signal: o.signal,
          onProgress,
        });
      } catch (e) {
        throw e instanceof XhrFailure ? new ApiError({ kind: e.kind, url }) : e;
      }
    };
    return run<T>(path, { ...rest, method: rest.method ?? 'POST', body, retry: false }, sendXhr);
  }

  /**
   * One server-sent-events connection: the bearer token, a refresh through the shared queue on a 401, the kept
   * parser. Resolves when the server ends the stream, rejects when it cannot be opened or breaks (the caller
   * reconnects); a session that cannot be refreshed ends in the usual way (cleared, `onSessionExpired`).
   */
  async function stream(route: Route, opts: StreamOptions): Promise<void> {
    const path = route.path;
    const url = buildUrl(path);
    const openStream: Sender = (u, o, token) => {
      const headers: Record<string, string> = { Accept: 'text/event-stream' };
      if (token) headers.Authorization = `Bearer ${token}`;
      // The caller's signal, not a timeout: the stream stays open as long as the caller wants it. Low priority:
      // the page's own requests go first (docs/performance.md, Delivery).
      return doFetch(u, {
        headers,
        cache: 'no-store',
        credentials: 'same-origin',
        priority: 'low',
        signal: opts.signal,
      }).catch((e: unknown) => {
        if (opts.signal.aborted) throw e;
        throw new ApiError({ kind: 'network', url: u });
      });
    };
    // The parser is loaded with the first stream, which opens after first paint (docs/performance.md).
    const [{ readEventStream }, res] = await Promise.all([
      import('./event-stream'),
      exchange(path, url, { signal: opts.signal }, openStream),
    ]);
    await readEventStream(res, opts);
  }

  /**
   * Calls a contract endpoint by its route: path parameters filled in, the token sent (and refreshed) for
   * member endpoints only, the answer typed by the endpoint and, in development and tests, checked against its
   * schema (loaded lazily: production never downloads a schema).
   */
  function call<N extends EndpointName>(
    route: RouteOf<N>,
    input: CallInput<N>,
    opts: CallOptions = {},
  ): Promise<CallOutput<N>> {
    const { onProgress, ...rest } = opts;
    const { params, query, body } = input as { params?: Record<string, unknown>; query?: object; body?: unknown };
    const path = buildRoutePath(route.path, params);
    const member = route.auth !== 'none';
    const options: RequestOptions = {
      ...rest,
      method: route.method,
      ...(query ? { query: query as Record<string, QueryValue> } : {}),
      ...(body !== undefined ? { body } : {}),
      auth: member,
      ...(member ? {} : { refreshOn401: false }),
      schema: import.meta.env.DEV && (() => endpointResponseSchema(route.name)),
    };
    if (onProgress || body instanceof FormData) {
      const { method, ...up } = options;
      return upload<CallOutput<N>>(path, body as FormData, {
        ...up,
        method: method === 'GET' || method === 'DELETE' ? 'POST' : method,
        ...(onProgress ? { onProgress } : {}),
      });
    }
    return request<CallOutput<N>>(path, options);
  }

  return {
    request,
    call,
    get: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...opts, method: 'GET' }),
    post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...opts, method: 'POST', body }),
    patch: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...opts, method: 'PATCH', body }),
    put: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...opts, method: 'PUT', body }),
    delete: <T>(path: string, opts?: Omit<RequestOptions, 'method'>) => request<T>(path, { ...opts, method: 'DELETE' }),
    upload,
    stream,
    /** Forces a token refresh (shared with any refresh in flight). */
    refresh: () => refreshOnce(null, true),
    setSessionExpiredHandler(handler: () => void) {
      onSessionExpired = handler;
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's client: same-origin `/api/v1/`, session from localStorage. */
export const api = createApiClient();
