import { randomInt } from 'node:crypto';
import { createServer, Socket, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

/**
 * Rate limits with REDIS_URL set and Redis down or coming back (issue #12 item 15), against the machine's
 * real Redis on 127.0.0.1:6379 through a TCP relay the test opens and closes to make the outage.
 * Each case signs in from its own forwarded address (TRUST_PROXY), so counters left in the shared Redis by
 * earlier runs never meet this one's.
 */
const REDIS = { host: '127.0.0.1', port: 6379 };
const MAX = 3;
// Timed bound measured generously (a loaded 2-core machine); the real figures are printed.
const FAST_MS = 2_000;

const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

async function login(t: TestApp, address: string) {
  const started = performance.now();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/bot/login/',
    headers: { 'x-forwarded-for': address },
    payload: { identifier: `nobody-${address}`, password: 'not-the-password' },
  });
  return { status: res.statusCode, ms: performance.now() - started };
}

/** MAX attempts are answered (not 429), the next one is 429; every answer within FAST_MS. */
async function expectLimited(t: TestApp, address: string, label: string) {
  const results = [];
  for (let i = 0; i <= MAX; i++) results.push(await login(t, address));
  const slowest = Math.max(...results.map((r) => r.ms));
  console.info(`${label}: statuses ${results.map((r) => r.status).join(',')}, slowest ${slowest.toFixed(1)} ms`);
  expect(results.slice(0, MAX).map((r) => r.status)).not.toContain(429);
  expect(results[MAX]?.status).toBe(429);
  expect(slowest).toBeLessThan(FAST_MS);
}

const health = async (t: TestApp) => {
  const res = await t.app.inject({ method: 'GET', url: '/healthz' });
  return { status: res.statusCode, body: res.json() };
};

async function waitFor(check: () => Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A TCP relay to the real Redis that can hang (connections stay open, nothing gets through), be stopped
 * (every connection cut) and be started again on the same port.
 */
function redisRelay() {
  let server: Server | undefined;
  const sockets = new Set<Socket>();
  let port = 0;
  let frozen = false;
  return {
    get port() {
      return port;
    },
    freeze() {
      frozen = true;
    },
    async start() {
      frozen = false;
      server = createServer((client) => {
        const upstream = new Socket();
        upstream.connect(REDIS.port, REDIS.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {});
        }
        client.on('data', (d) => frozen || upstream.write(d));
        upstream.on('data', (d) => frozen || client.write(d));
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      await new Promise<void>((r) => server!.listen(port, '127.0.0.1', r));
      port = (server.address() as AddressInfo).port;
    },
    async stop() {
      const closed = new Promise<void>((r) => server?.close(() => r()));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}

describe('rate limits with Redis down', { timeout: 60_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_AUTH_MAX: String(MAX), TRUST_PROXY: 'true' },
    });
  });
  afterAll(() => t.close());

  it('answers fast, still limits in-process and reports degraded', async () => {
    await expectLimited(t, randomAddress(), 'Redis on a closed port');
    expect(await health(t)).toEqual({
      status: 200,
      body: { status: 'degraded', database: t.database.kind, node: process.version, redis: 'down' },
    });
  });
});

describe('rate limits through Redis, an outage and a recovery', { timeout: 90_000 }, () => {
  const relay = redisRelay();
  const inspector = new Redis(REDIS);
  let t: TestApp;
  beforeAll(async () => {
    await relay.start();
    t = await createTestApp({
      env: {
        REDIS_URL: `redis://127.0.0.1:${relay.port}`,
        RATE_LIMIT_AUTH_MAX: String(MAX),
        TRUST_PROXY: 'true',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await relay.stop();
    inspector.disconnect();
  });

  it('counts in Redis under a readable key, falls back while Redis hangs or is gone, and returns to it', async () => {
    await waitFor(async () => (await health(t)).body.redis === 'ok');
    const before = randomAddress();
    await expectLimited(t, before, 'Redis up');
    // The counter is shared through Redis under the limiter's own key, not `wyn-rl-undefinedundefined-…`.
    expect(Number(await inspector.get(`wyn-rl-auth:login:ip:${before}`))).toBe(MAX + 1);
    expect(await inspector.keys(`wyn-rl-undefined*${before}`)).toEqual([]);
    expect(await health(t)).toEqual({
      status: 200,
      body: { status: 'ok', database: t.database.kind, node: process.version, redis: 'ok' },
    });

    // A Redis that holds connections open and never answers: each call gives up after a bounded wait.
    relay.freeze();
    await expectLimited(t, randomAddress(), 'Redis hung');
    expect((await health(t)).body).toMatchObject({ status: 'degraded', redis: 'down' });

    await relay.stop();
    const during = randomAddress();
    await expectLimited(t, during, 'Redis gone');
    expect(await inspector.exists(`wyn-rl-auth:login:ip:${during}`)).toBe(0);
    expect(await health(t)).toEqual({
      status: 200,
      body: { status: 'degraded', database: t.database.kind, node: process.version, redis: 'down' },
    });

    await relay.start();
    await waitFor(async () => (await health(t)).body.redis === 'ok');
    const after = randomAddress();
    await expectLimited(t, after, 'Redis back');
    expect(Number(await inspector.get(`wyn-rl-auth:login:ip:${after}`))).toBe(MAX + 1);
  });
});
