import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type SessionAdapter } from './api-client';
import { BOOT_REQUEST_MAX_AGE_MS, takeBootResponse, type BootRequest } from './boot-prefetch';
import { IMAGE_SIZES, mediaSrcSet } from './media-srcset';

/**
 * public/tg-boot.js starts the launch page's request before the entry runs; the API client takes its response once,
 * for the same address and token, and otherwise (or when it failed) sends its own request.
 */
const BOOT = readFileSync(path.join(import.meta.dirname, '../../public/tg-boot.js'), 'utf8');
const runBoot = () => new Function(BOOT)();

const QUEST_ID = '064b76ff-80ad-46a5-812d-96cf74224020';
const QUEST_URL = `/api/v1/club/tasks/${QUEST_ID}/`;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function boot(entry: Partial<BootRequest> = {}) {
  window.__wynBoot = {
    url: QUEST_URL,
    token: 'tok',
    at: Date.now(),
    response: Promise.resolve(json({ id: QUEST_ID, from: 'boot' })),
    ...entry,
  };
}

function client(fetch: typeof globalThis.fetch, token = 'tok') {
  const session: SessionAdapter = {
    get: () => ({ token, refreshToken: 'refresh', expiresAt: null }),
    setTokens: () => {},
    clear: () => {},
  };
  return createApiClient({ fetch, session, onError: () => {}, sleep: async () => {}, contractCheck: 'off' });
}

afterEach(() => {
  delete window.__wynBoot;
  delete window.__wynBootShell;
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  document.head.querySelectorAll('link[rel="preload"]').forEach((l) => l.remove());
  vi.unstubAllGlobals();
});

describe('takeBootResponse', () => {
  it('gives the response once, for a GET of the same address with the same token', async () => {
    boot();
    expect(takeBootResponse(QUEST_URL, 'POST', 'tok')).toBeNull();
    expect(takeBootResponse('/api/v1/club/tasks/other/', 'GET', 'tok')).toBeNull();
    expect(takeBootResponse(QUEST_URL, 'GET', 'another-token')).toBeNull();
    expect(takeBootResponse(QUEST_URL, 'GET', null)).toBeNull();
    const taken = takeBootResponse(QUEST_URL, 'GET', 'tok');
    expect(await (await taken!).json()).toEqual({ id: QUEST_ID, from: 'boot' });
    expect(takeBootResponse(QUEST_URL, 'GET', 'tok')).toBeNull();
  });

  it('drops a launch request that is too old', () => {
    const at = Date.now();
    boot({ at });
    expect(takeBootResponse(QUEST_URL, 'GET', 'tok', at + BOOT_REQUEST_MAX_AGE_MS + 1)).toBeNull();
    expect(window.__wynBoot).toBeUndefined();
  });
});

describe('the API client and the launch request', () => {
  it('uses the boot response instead of sending the request again, once', async () => {
    boot();
    const fetch = vi.fn(async () => json({ id: QUEST_ID, from: 'network' }));
    const api = client(fetch);
    await expect(api.get(QUEST_URL)).resolves.toEqual({ id: QUEST_ID, from: 'boot' });
    expect(fetch).not.toHaveBeenCalled();
    await expect(api.get(QUEST_URL)).resolves.toEqual({ id: QUEST_ID, from: 'network' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('sends its own request when the token has changed since the launch', async () => {
    boot({ token: 'old' });
    const fetch = vi.fn(async () => json({ id: QUEST_ID, from: 'network' }));
    await expect(client(fetch).get(QUEST_URL)).resolves.toEqual({ id: QUEST_ID, from: 'network' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('sends its own request when the launch request failed on the way', async () => {
    boot({ response: Promise.reject(new TypeError('Failed to fetch')) });
    const fetch = vi.fn(async () => json({ id: QUEST_ID, from: 'network' }));
    await expect(client(fetch).get(QUEST_URL)).resolves.toEqual({ id: QUEST_ID, from: 'network' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("a refused launch request goes the usual way: refresh, then the client's own request", async () => {
    boot({ response: Promise.resolve(json({ detail: 'expired' }, 401)) });
    let token = 'tok';
    const session: SessionAdapter = {
      get: () => ({ token, refreshToken: 'refresh', expiresAt: null }),
      setTokens: (p) => {
        token = p.access ?? '';
      },
      clear: () => {},
    };
    const fetch = vi.fn(async (url: RequestInfo | URL) =>
      String(url).includes('token/refresh') ? json({ access: 'fresh' }) : json({ id: QUEST_ID, from: 'network' }),
    );
    const api = createApiClient({ fetch, session, onError: () => {}, contractCheck: 'off', locks: null });
    await expect(api.get(QUEST_URL)).resolves.toEqual({ id: QUEST_ID, from: 'network' });
    const sent = fetch.mock.calls as unknown as [string, RequestInit][];
    expect(sent.map(([u]) => u)).toEqual([expect.stringContaining('token/refresh'), QUEST_URL]);
    expect((sent[1]![1].headers as Record<string, string>).Authorization).toBe('Bearer fresh');
  });
});

describe('tg-boot.js starts the launch request', () => {
  function signIn(expiresInMs: number | null = 60 * 60_000) {
    localStorage.setItem('wyn.token', 'tok');
    if (expiresInMs !== null) localStorage.setItem('wyn.token_expiry', String(Date.now() + expiresInMs));
  }

  it("on a quest's page: the quest, as the client sends it, and then its cover at the page's widths", async () => {
    signIn();
    const fetch = vi.fn(async () => json({ id: QUEST_ID, media: '/media/seed/cover-rewards.png' }));
    vi.stubGlobal('fetch', fetch);
    window.history.replaceState(null, '', `/quest/${QUEST_ID}`);
    runBoot();
    // The quest first, then the shell's requests (below).
    expect(fetch).toHaveBeenCalledTimes(5);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(QUEST_URL);
    expect(init.method).toBe('GET');
    expect(init.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer tok' });
    expect(window.__wynBoot).toMatchObject({ url: QUEST_URL, token: 'tok' });

    await vi.waitFor(() => expect(document.head.querySelector('link[rel="preload"][as="image"]')).not.toBeNull());
    const link = document.head.querySelector('link[rel="preload"][as="image"]')!;
    expect(link.getAttribute('href')).toBe('/media/seed/cover-rewards.png');
    expect(link.getAttribute('imagesrcset')).toBe(mediaSrcSet('/media/seed/cover-rewards.png'));
    expect(link.getAttribute('imagesizes')).toBe(IMAGE_SIZES.detailCover);
    // The app still reads the whole answer.
    const res = await takeBootResponse(QUEST_URL, 'GET', 'tok');
    expect(await res!.json()).toMatchObject({ id: QUEST_ID });
  });

  it("on Home: Home's content", () => {
    signIn(null);
    const fetch = vi.fn(async () => json({}));
    vi.stubGlobal('fetch', fetch);
    window.history.replaceState(null, '', '/');
    runBoot();
    expect((fetch.mock.calls as unknown as [string][]).map((c) => c[0])).toEqual(['/api/v1/club/homepage/complete/']);
  });

  it('nothing signed out, with a token about to expire, or on any other page', () => {
    const fetch = vi.fn(async () => json({}));
    vi.stubGlobal('fetch', fetch);
    window.history.replaceState(null, '', `/quest/${QUEST_ID}`);
    runBoot();
    signIn(60_000);
    runBoot();
    signIn();
    for (const page of ['/wallet', `/quest/${QUEST_ID}/analytics`, '/explore', '/quest/a%2Fb']) {
      window.history.replaceState(null, '', page);
      runBoot();
    }
    expect(fetch).not.toHaveBeenCalled();
    expect(window.__wynBoot).toBeUndefined();
  });
});

describe("tg-boot.js on a quest's page: the shell's requests and the page's files", () => {
  afterEach(() => {
    delete window.__wynBootShell;
    document.head
      .querySelectorAll('link[rel="modulepreload"], meta[name="wyn-quest-chunks"]')
      .forEach((l) => l.remove());
  });

  it("sends the signed-in shell's requests beside the quest, each taken once by the client as it would send it", async () => {
    localStorage.setItem('wyn.token', 'tok');
    const fetch = vi.fn(async (url: string) => json({ from: 'boot', url }));
    vi.stubGlobal('fetch', fetch);
    window.history.replaceState(null, '', `/quest/${QUEST_ID}`);
    runBoot();
    const sent = fetch.mock.calls as unknown as [string, RequestInit][];
    expect(sent.map((c) => c[0])).toEqual([
      QUEST_URL,
      '/api/v1/bot/current-user/',
      '/api/v1/bot/config/',
      '/api/v1/club/profiles/me/',
      '/api/v1/club/user-settings/',
    ]);
    // The app's settings are a public route: sent without the token, as the client sends them.
    expect(sent[2]![1].headers).toEqual({ Accept: 'application/json' });
    expect(sent[1]![1].headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer tok' });

    expect(takeBootResponse('/api/v1/bot/config/', 'GET', 'tok')).toBeNull();
    expect(takeBootResponse('/api/v1/bot/current-user/', 'GET', 'other')).toBeNull();
    const me = takeBootResponse('/api/v1/bot/current-user/', 'GET', 'tok');
    expect(await (await me!).json()).toEqual({ from: 'boot', url: '/api/v1/bot/current-user/' });
    expect(takeBootResponse('/api/v1/bot/current-user/', 'GET', 'tok')).toBeNull();
    expect(takeBootResponse('/api/v1/bot/config/', 'GET', null)).not.toBeNull();
    // Stale ones are dropped.
    expect(
      takeBootResponse('/api/v1/club/profiles/me/', 'GET', 'tok', Date.now() + BOOT_REQUEST_MAX_AGE_MS + 1),
    ).toBeNull();
    expect(window.__wynBootShell).toBeUndefined();
  });

  it("the API client takes the shell's public request without the token", async () => {
    window.__wynBootShell = [
      { url: '/api/v1/bot/config/', token: null, at: Date.now(), response: Promise.resolve(json({ from: 'boot' })) },
    ];
    const fetch = vi.fn(async () => json({ from: 'network' }));
    await expect(client(fetch).get('/api/v1/bot/config/', { auth: false })).resolves.toEqual({ from: 'boot' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('preloads the files the build names for the quest page, and none elsewhere', () => {
    localStorage.setItem('wyn.token', 'tok');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({})),
    );
    const meta = document.createElement('meta');
    meta.setAttribute('name', 'wyn-quest-chunks');
    meta.setAttribute('content', '/assets/quest-page-a1.js /assets/shared-b2.js javascript:x');
    document.head.appendChild(meta);
    window.history.replaceState(null, '', '/wallet');
    runBoot();
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
    window.history.replaceState(null, '', `/quest/${QUEST_ID}`);
    runBoot();
    const links = [...document.head.querySelectorAll('link[rel="modulepreload"]')];
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/assets/quest-page-a1.js', '/assets/shared-b2.js']);
    expect(links.every((l) => l.getAttribute('crossorigin') === '')).toBe(true);
  });
});
