import { MSG, routes, type Route } from '@wyn/contract';
import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/msw/server';
import { createApiClient, type SessionAdapter } from './api-client';
import { ApiError } from './api-error';
import type { TokenPayload } from './session';

const NOW = Date.parse('2025-03-10T12:00:00Z');
const FAR = NOW + 15 * 60_000;

function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function memorySession(initial: { token: string | null; refreshToken: string | null; expiresAt: number | null }) {
  const state = { ...initial };
  const adapter: SessionAdapter & { state: typeof state; cleared: number } = {
    state,
    cleared: 0,
    get: () => state,
    setTokens: (p: TokenPayload) => {
      state.token = p.access ?? p.token ?? null;
      state.refreshToken = p.refresh ?? p.refresh_token ?? state.refreshToken;
      state.expiresAt = p.access_expires_at ? Date.parse(p.access_expires_at) : null;
    },
    clear: () => {
      adapter.cleared++;
      state.token = null;
      state.refreshToken = null;
      state.expiresAt = null;
    },
  };
  return adapter;
}

type Handler = (url: string, init: RequestInit & { headers: Record<string, string> }) => Response | Promise<Response>;

/** Header names as the client writes them (Request lower-cases them). */
const canonical = (name: string) =>
  name
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('-');

/**
 * The client on the test network (MSW): `handler` sees each request as (path, init) and answers it; a thrown
 * TypeError is a network failure. `fetch` records what reached the network.
 */
function setup(handler: Handler, session = memorySession({ token: 'old', refreshToken: 'r1', expiresAt: FAR })) {
  const fetch = vi.fn((_url: string, _init: RequestInit & { headers: Record<string, string> }) => {});
  server.use(
    http.all('*/api/v1/*', async ({ request }) => {
      const url = new URL(request.url);
      const path = url.pathname + url.search;
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => (headers[canonical(name)] = value));
      const text = await request.text();
      const init = { method: request.method, headers, signal: request.signal, ...(text ? { body: text } : {}) };
      fetch(path, init);
      try {
        return await handler(path, init);
      } catch (e) {
        // A network failure, or the answer to a request the client has already given up on.
        if (e instanceof TypeError || request.signal.aborted) return HttpResponse.error();
        throw e;
      }
    }),
  );
  const onError = vi.fn();
  const onSessionExpired = vi.fn();
  const sleeps: number[] = [];
  const client = createApiClient({
    session,
    onError,
    onSessionExpired,
    now: () => NOW,
    sleep: async (ms) => void sleeps.push(ms),
  });
  const calls = (path: string) => fetch.mock.calls.filter(([u]) => String(u).includes(path));
  return { client, fetch, onError, onSessionExpired, session, sleeps, calls };
}

const auth = (init: { headers: Record<string, string> }) => init.headers.Authorization;

describe('api client basics', () => {
  it('starts each request only when startTask lets it (a task of its own in the browser)', async () => {
    const fetch = vi.fn(async () => json({ ok: true }));
    let release!: () => void;
    const startTask = vi.fn(() => new Promise<void>((r) => (release = r)));
    const client = createApiClient({
      fetch,
      session: memorySession({ token: 'old', refreshToken: 'r1', expiresAt: FAR }),
      startTask,
      now: () => NOW,
      contractCheck: 'off',
      locks: null,
    });
    const answer = client.get('club/things/');
    await Promise.resolve();
    expect(startTask).toHaveBeenCalledTimes(1);
    expect(fetch).not.toHaveBeenCalled();
    release();
    await expect(answer).resolves.toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('prefixes /api/v1/, sends JSON, the bearer token and query params', async () => {
    const { client, fetch } = setup(() => json({ ok: true }));
    await expect(client.post('club/things/', { a: 1 }, { query: { page: 2, skip: undefined } })).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/club/things/?page=2');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer old');
  });

  it('leaves the token out when auth is false', async () => {
    const { client, fetch } = setup(() => json({}));
    await client.get('bot/config/', { auth: false });
    expect((fetch.mock.calls[0]![1]?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('rejects with ApiError carrying the derived message and shows it', async () => {
    const { client, onError } = setup(() => json({ detail: 'Already redeemed', code: 'conflict' }, 409));
    const err = await client.post('club/perks/x/redeem/').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(409);
    expect((err as ApiError).message).toBe('Already redeemed');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]![0]).toBe('Already redeemed');
  });

  it('does not toast when the caller opts out', async () => {
    const { client, onError } = setup(() => json({ detail: 'Bad', code: 'invalid' }, 400));
    await expect(client.post('bot/register/', {}, { toast: false })).rejects.toThrow('Bad');
    expect(onError).not.toHaveBeenCalled();
  });

  it('reads Retry-After on a 429', async () => {
    const { client } = setup(() => json({ detail: 'Please wait', code: 'otp_too_soon' }, 429, { 'retry-after': '42' }));
    const err = (await client.post('bot/otp-resend/', { identifier: 'a' }).catch((e: unknown) => e)) as ApiError;
    expect(err.retryAfter).toBe(42);
  });
});

describe('retries: network failures and 5xx only', () => {
  it('retries a GET on 5xx 3 times with 1 s doubling, then toasts once', async () => {
    const { client, fetch, sleeps, onError } = setup(() => json({ detail: 'Service down', code: 'unavailable' }, 503));
    await expect(client.get('club/homepage/complete/')).rejects.toThrow('Service down');
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(sleeps).toEqual([1000, 2000]);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('retries network failures and succeeds', async () => {
    let n = 0;
    const { client, fetch } = setup(() => {
      n++;
      if (n < 3) throw new TypeError('Failed to fetch');
      return json({ ok: 1 });
    });
    await expect(client.get('club/tags/')).resolves.toEqual({ ok: 1 });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('gives the network message after the last failed attempt', async () => {
    const { client, onError } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.get('club/tags/')).rejects.toThrow(MSG.networkError);
    expect(onError).toHaveBeenCalledWith(MSG.networkError, expect.any(ApiError));
  });

  it('never retries a 4xx', async () => {
    const { client, fetch } = setup(() => json({ detail: 'Not found.', code: 'not_found' }, 404));
    await expect(client.get('club/tasks/3f2b8c1e-9d4a-4f6b-8a2e-1c5d7e9f0a1b/')).rejects.toThrow(MSG.notFound);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('does not retry a POST by default', async () => {
    const { client, fetch } = setup(() => json({ detail: 'boom', code: 'internal' }, 500));
    await expect(client.post('club/things/', {})).rejects.toThrow('boom');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('times out after timeoutMs with the network message, without retrying', async () => {
    const { client, fetch } = setup(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const err = (await client.get('club/tags/', { timeoutMs: 20 }).catch((e: unknown) => e)) as ApiError;
    expect(err.kind).toBe('timeout');
    expect(err.message).toBe(MSG.networkError);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a caller abort rejects without a toast', async () => {
    const controller = new AbortController();
    const { client, onError } = setup(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const p = client.get('club/tags/', { signal: controller.signal });
    controller.abort();
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('token refresh', () => {
  it('concurrent 401s trigger exactly one refresh; the others wait, then all retry with the new token', async () => {
    const refreshGate = deferred<void>();
    const { client, calls, session } = setup(async (url, init) => {
      if (url.endsWith('bot/token/refresh/')) {
        expect(JSON.parse(String(init.body))).toEqual({ refresh: 'r1' });
        await refreshGate.promise;
        return json({ access: 'new', refresh: 'r2', access_expires_at: new Date(FAR).toISOString() });
      }
      if (auth(init) === 'Bearer old') return json({ detail: 'Token expired', code: 'token_invalid' }, 401);
      if (auth(init) === 'Bearer new') return json({ url });
      return json({ detail: 'no token' }, 401);
    });

    const a = client.get('club/a/');
    const b = client.get('club/b/');
    const c = client.get('club/c/');
    // Let the three 401s arrive and the refresh start.
    await vi.waitFor(() => expect(calls('token/refresh')).toHaveLength(1));
    // A request started while the refresh is in flight queues behind it.
    const d = client.get('club/d/');
    await new Promise((r) => setTimeout(r, 10));
    expect(calls('club/d/')).toHaveLength(0);

    refreshGate.resolve();
    await expect(Promise.all([a, b, c, d])).resolves.toEqual([
      { url: '/api/v1/club/a/' },
      { url: '/api/v1/club/b/' },
      { url: '/api/v1/club/c/' },
      { url: '/api/v1/club/d/' },
    ]);
    expect(calls('token/refresh')).toHaveLength(1);
    expect(calls('club/a/')).toHaveLength(2);
    expect(calls('club/d/')).toHaveLength(1);
    expect(session.state).toMatchObject({ token: 'new', refreshToken: 'r2' });
  });

  it('a 401 that arrives after someone else refreshed retries without another refresh', async () => {
    const session = memorySession({ token: 'old', refreshToken: 'r1', expiresAt: FAR });
    const slow = deferred<void>();
    const { client, calls } = setup(async (url, init) => {
      if (url.endsWith('bot/token/refresh/'))
        return json({ access: 'new', refresh: 'r2', access_expires_at: new Date(FAR).toISOString() });
      if (url.includes('slow') && auth(init) === 'Bearer old') {
        await slow.promise;
        return json({}, 401);
      }
      return auth(init) === 'Bearer new' ? json({ ok: url }) : json({}, 401);
    }, session);
    const s = client.get('club/slow/');
    await expect(client.get('club/fast/')).resolves.toEqual({ ok: '/api/v1/club/fast/' });
    slow.resolve();
    await expect(s).resolves.toEqual({ ok: '/api/v1/club/slow/' });
    expect(calls('token/refresh')).toHaveLength(1);
  });

  it('a rejected refresh clears the session once, reports it, and fails every waiting request', async () => {
    const { client, calls, session, onSessionExpired, onError } = setup((url) => {
      if (url.endsWith('bot/token/refresh/')) return json({ detail: 'Token revoked', code: 'token_invalid' }, 401);
      return json({ detail: 'expired', code: 'token_invalid' }, 401);
    });
    const results = await Promise.allSettled([client.get('club/a/'), client.get('club/b/'), client.get('club/c/')]);
    for (const r of results) {
      expect(r.status).toBe('rejected');
      expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 401, message: MSG.sessionExpired });
    }
    expect(calls('token/refresh')).toHaveLength(1);
    expect(session.cleared).toBe(1);
    expect(session.state.token).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    // The expiry itself is announced by the session handler, not as three request toasts.
    expect(onError).not.toHaveBeenCalled();
  });

  it('a refresh that fails on the network keeps the session', async () => {
    const { client, session, onSessionExpired } = setup((url) => {
      if (url.endsWith('bot/token/refresh/')) throw new TypeError('Failed to fetch');
      return json({}, 401);
    });
    await expect(client.post('club/a/', {})).rejects.toThrow(MSG.networkError);
    expect(session.state.token).toBe('old');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  // Sign-in calls are declared `auth: 'none'` in the contract: no token sent, a 401 is their own answer.
  it.each([routes.login, routes.register, routes.otpVerify, routes.otpResend, routes.telegramAuth] as Route[])(
    'no token and no refresh on a 401 from $path',
    async (route) => {
      const { client, calls, onSessionExpired } = setup(() =>
        json({ detail: 'Invalid credentials', code: 'invalid_credentials' }, 401),
      );
      await expect(client.call(route as typeof routes.login, { body: {} as never }, { toast: false })).rejects.toThrow(
        'Invalid credentials',
      );
      expect(calls('token/refresh').length).toBe(0);
      expect(calls(route.path)[0]?.[1].headers.Authorization).toBeUndefined();
      expect(onSessionExpired).not.toHaveBeenCalled();
    },
  );

  it('no refresh on a 401 from the refresh call itself', async () => {
    const { client, calls, onSessionExpired } = setup(() =>
      json({ detail: 'Invalid credentials', code: 'invalid_credentials' }, 401),
    );
    await expect(client.post(routes.tokenRefresh.path, {}, { toast: false })).rejects.toThrow('Invalid credentials');
    expect(calls('token/refresh').length).toBe(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('refreshes proactively when the access token is within 5 minutes of expiry', async () => {
    const session = memorySession({ token: 'old', refreshToken: 'r1', expiresAt: NOW + 4 * 60_000 });
    const { client, fetch } = setup((url, init) => {
      if (url.endsWith('bot/token/refresh/'))
        return json({ access: 'new', refresh: 'r2', access_expires_at: new Date(FAR).toISOString() });
      return json({ auth: auth(init) });
    }, session);
    await expect(client.get('club/a/')).resolves.toEqual({ auth: 'Bearer new' });
    expect(String(fetch.mock.calls[0]![0])).toContain('bot/token/refresh/');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('does not refresh when the token has more than 5 minutes left', async () => {
    const session = memorySession({ token: 'old', refreshToken: 'r1', expiresAt: NOW + 6 * 60_000 });
    const { client, fetch } = setup((_url, init) => json({ auth: auth(init) }), session);
    await expect(client.get('club/a/')).resolves.toEqual({ auth: 'Bearer old' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('accepts the alternative {token} refresh response and keeps the refresh token', async () => {
    const { client, session } = setup((url, init) => {
      if (url.endsWith('bot/token/refresh/')) return json({ token: 'alt' });
      return auth(init) === 'Bearer alt' ? json({ ok: true }) : json({}, 401);
    });
    await expect(client.get('club/a/')).resolves.toEqual({ ok: true });
    expect(session.state).toMatchObject({ token: 'alt', refreshToken: 'r1' });
  });
});
