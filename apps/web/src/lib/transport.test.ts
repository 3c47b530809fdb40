import { http, HttpResponse } from 'msw';
import { MSG, routes, wallet as walletSchema, type MediaUpload, type Wallet } from '@wyn/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { user } from '@/testing/fixtures';
import { apiError, apiUrl, recordRequests } from '@/testing/msw/api';
import { server } from '@/testing/msw/server';
import { createApiClient } from './api-client';
import { ApiError } from './api-error';
import { ContractMismatchError } from './response-check';
import { authSession, STORAGE_KEYS } from './session';

/**
 * The one web transport: JSON calls, uploads with progress and the live stream go through the same client,
 * the same bearer token, the same refresh single-flight and the same error mapping.
 */

const later = () => new Date(Date.now() + 15 * 60_000).toISOString();
const expired = () => apiError(401, { detail: 'Token expired', code: 'token_invalid' });
const media: MediaUpload = {
  id: '33333333-3333-4333-8333-333333333333',
  url: '/media/a.png',
  mime_type: 'image/png',
  size: 4,
};
const walletBody: Wallet = { id: '44444444-4444-4444-8444-444444444444', user: user.id, balance: '125.00' };

function client() {
  return createApiClient({ sleep: async () => {}, onError: () => {} });
}

function pngFile() {
  return new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' });
}

afterEach(() => {
  authSession.clear();
  Reflect.deleteProperty(navigator, 'locks');
});

describe('one refresh for every transport', () => {
  it('a JSON call, an upload and the live stream refused at once share a single refresh, then all go through', async () => {
    authSession.signIn({ access: 'old', refresh: 'refresh-1', access_expires_at: later(), user });
    let refreshes = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const bearer = (r: Request) => r.headers.get('authorization');
    server.use(
      http.post(apiUrl(routes.tokenRefresh.path), async () => {
        refreshes++;
        await gate;
        return HttpResponse.json({ access: 'new', refresh: 'refresh-2', access_expires_at: later() });
      }),
      http.get(apiUrl('club/things/'), ({ request }) =>
        bearer(request) === 'Bearer new' ? HttpResponse.json({ ok: true }) : expired(),
      ),
      http.post(apiUrl(routes.mediaUpload.path), ({ request }) =>
        bearer(request) === 'Bearer new' ? HttpResponse.json(media, { status: 201 }) : expired(),
      ),
      http.get(apiUrl(routes.live.path), ({ request }) =>
        bearer(request) === 'Bearer new'
          ? new HttpResponse('data: {"type":"notification","id":"n1"}\n\n', {
              headers: { 'content-type': 'text/event-stream' },
            })
          : expired(),
      ),
    );
    const api = client();
    const messages: string[] = [];
    const body = new FormData();
    body.append('file', pngFile());
    const all = Promise.all([
      api.get('club/things/'),
      api.upload(routes.mediaUpload.path, body),
      api.stream(routes.live, { signal: new AbortController().signal, onMessage: (m) => messages.push(m.data) }),
    ]);
    await vi.waitFor(() => expect(refreshes).toBe(1));
    await new Promise((r) => setTimeout(r, 30));
    release();
    await expect(all).resolves.toEqual([{ ok: true }, media, undefined]);
    expect(refreshes).toBe(1);
    expect(messages).toEqual(['{"type":"notification","id":"n1"}']);
    expect(authSession.get().token).toBe('new');
  });

  it('adopts the token another tab has just refreshed instead of presenting the shared refresh token again', async () => {
    authSession.signIn({ access: 'old', refresh: 'refresh-1', access_expires_at: later(), user });
    const seen = recordRequests();
    server.use(
      http.get(apiUrl('club/things/'), ({ request }) =>
        request.headers.get('authorization') === 'Bearer fresh' ? HttpResponse.json({ ok: true }) : expired(),
      ),
    );
    // The lock is granted once the other tab, which held it, has stored its new tokens.
    Object.defineProperty(navigator, 'locks', {
      configurable: true,
      value: {
        request: (_name: string, callback: () => Promise<unknown>) => {
          localStorage.setItem(STORAGE_KEYS.token, 'fresh');
          localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-2');
          localStorage.setItem(STORAGE_KEYS.tokenExpiry, String(Date.now() + 15 * 60_000));
          return callback();
        },
      },
    });
    await expect(client().get('club/things/')).resolves.toEqual({ ok: true });
    expect(seen.map((r) => r.path)).toEqual(['/api/v1/club/things/', '/api/v1/club/things/']);
    expect(authSession.get()).toMatchObject({ token: 'fresh', refreshToken: 'refresh-2' });
  });
});

describe('uploads', () => {
  it('report progress and answer the stored file', async () => {
    authSession.signIn({ access: 'token', refresh: 'refresh', access_expires_at: later(), user });
    let auth: string | null = null;
    let sent = '';
    server.use(
      http.post(apiUrl(routes.mediaUpload.path), async ({ request }) => {
        auth = request.headers.get('authorization');
        // Read as text: jsdom's File is not the one undici's multipart parser accepts.
        sent = await request.text();
        return HttpResponse.json(media, { status: 201 });
      }),
    );
    const progress: number[] = [];
    const body = new FormData();
    body.append('file', pngFile());
    await expect(
      client().upload(routes.mediaUpload.path, body, { onProgress: (f) => progress.push(f) }),
    ).resolves.toEqual(media);
    expect(auth).toBe('Bearer token');
    expect(sent).toContain('filename="a.png"');
    expect(progress.at(-1)).toBe(1);
  });

  it('map a refusal to the same ApiError as every call (server sentence, status, Retry-After)', async () => {
    authSession.signIn({ access: 'token', refresh: 'refresh', access_expires_at: later(), user });
    server.use(
      http.post(apiUrl(routes.mediaUpload.path), () =>
        apiError(429, { detail: 'Too many uploads.', code: 'rate_limited' }, { 'Retry-After': '30' }),
      ),
    );
    const body = new FormData();
    body.append('file', pngFile());
    const error = await client()
      .upload(routes.mediaUpload.path, body)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', message: 'Too many uploads.', retryAfter: 30 });
  });

  it('map a network failure to the network message', async () => {
    authSession.signIn({ access: 'token', refresh: 'refresh', access_expires_at: later(), user });
    server.use(http.post(apiUrl(routes.mediaUpload.path), () => HttpResponse.error()));
    const body = new FormData();
    body.append('file', pngFile());
    await expect(client().upload(routes.mediaUpload.path, body)).rejects.toMatchObject({
      kind: 'network',
      message: MSG.networkError,
    });
  });

  it('end the session like any call when the refresh is refused', async () => {
    authSession.signIn({ access: 'old', refresh: 'revoked', access_expires_at: later(), user });
    server.use(
      http.post(apiUrl(routes.mediaUpload.path), expired),
      http.post(apiUrl(routes.tokenRefresh.path), () =>
        apiError(401, { detail: 'Token revoked', code: 'token_invalid' }),
      ),
    );
    const onSessionExpired = vi.fn();
    const api = createApiClient({ onSessionExpired, onError: () => {} });
    const body = new FormData();
    body.append('file', pngFile());
    await expect(api.upload(routes.mediaUpload.path, body)).rejects.toMatchObject({
      status: 401,
      message: MSG.sessionExpired,
    });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(authSession.get().token).toBeNull();
  });
});

describe('answers are parsed by their contract schema', () => {
  const wrongWallet = { ...walletBody, balance: 125 };

  it('a mismatch throws in development and tests, naming the field', async () => {
    server.use(http.get(apiUrl(routes.myWallet.path), () => HttpResponse.json(wrongWallet)));
    const error = await client()
      .get(routes.myWallet.path, { schema: walletSchema })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractMismatchError);
    expect(String(error)).toContain('balance');
    // Loud on purpose: the test setup fails any test that logs an error, so consume this one.
    expect(vi.mocked(console.error)).toHaveBeenCalledTimes(1);
    vi.mocked(console.error).mockClear();
  });

  it('a lazily loaded schema is checked the same way', async () => {
    server.use(http.get(apiUrl(routes.myWallet.path), () => HttpResponse.json(wrongWallet)));
    await expect(
      client().get(routes.myWallet.path, { schema: () => import('@wyn/contract').then((m) => m.wallet) }),
    ).rejects.toBeInstanceOf(ContractMismatchError);
    vi.mocked(console.error).mockClear();
  });

  it('production logs a mismatch and goes on; it never downloads a schema just to check', async () => {
    server.use(http.get(apiUrl(routes.myWallet.path), () => HttpResponse.json(wrongWallet)));
    const api = createApiClient({ contractCheck: 'log', onError: () => {} });
    await expect(api.get(routes.myWallet.path, { schema: walletSchema })).resolves.toEqual(wrongWallet);
    expect(vi.mocked(console.error)).toHaveBeenCalledTimes(1);
    vi.mocked(console.error).mockClear();
    const loader = vi.fn(() => import('@wyn/contract').then((m) => m.wallet));
    await expect(api.get(routes.myWallet.path, { schema: loader })).resolves.toEqual(wrongWallet);
    expect(loader).not.toHaveBeenCalled();
  });

  it('a matching answer comes back unchanged', async () => {
    server.use(http.get(apiUrl(routes.myWallet.path), () => HttpResponse.json(walletBody)));
    await expect(client().get(routes.myWallet.path, { schema: walletSchema })).resolves.toEqual(walletBody);
  });
});

describe('the test network', () => {
  it('a request no handler answers fails the call and logs an error (which fails the test)', async () => {
    await expect(client().get('club/nobody-answers/', { retry: false })).rejects.toMatchObject({ kind: 'network' });
    expect(vi.mocked(console.error)).toHaveBeenCalled();
    vi.mocked(console.error).mockClear();
  });
});
