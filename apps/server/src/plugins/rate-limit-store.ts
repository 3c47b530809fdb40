import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The rate-limit store when REDIS_URL is set: counters live in Redis (shared by every instance) while Redis
 * answers, and in this process while it does not. A limit must neither stall a sign-in nor stop applying
 * because Redis is away, so a Redis call gets REDIS_TIMEOUT_MS, a failure sends calls to the in-process
 * counters for BREAKER_MS (no waiting on a dead connection for every request), and the client's own
 * reconnection brings Redis back into use.
 */
const REDIS_TIMEOUT_MS = 150;
const BREAKER_MS = 5_000;

type Counter = { current: number; ttl: number };
type Callback = (err: Error | null, res?: Counter) => void;
type StoreMethod = (key: string, cb: Callback, timeWindow: number, max: number) => void;
type Store = { incr: StoreMethod; read: StoreMethod; child(routeOptions: unknown): Store };
/** What the plugin passes to a store's constructor (its global options) and to `child` (a route's). */
type RouteOptions = {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string; url?: string };
};
type StoreClass = new (...args: unknown[]) => Store;

// @fastify/rate-limit's own stores (its Lua script and its bounded LRU), which it does not export as modules.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreClass;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreClass;

export type RedisState = 'ok' | 'down';

/** The connection to Redis and what the health route reports about it. */
export type RedisLink = {
  client: Redis;
  /** Whether rate-limit calls go to Redis now. */
  usable(): boolean;
  failed(err: unknown): void;
  /** Asks Redis itself (bounded), for the health route. */
  check(): Promise<RedisState>;
  close(): void;
};

export function createRedisLink(url: string, log: FastifyBaseLogger): RedisLink {
  const client = new Redis(url, {
    connectTimeout: 1_000,
    commandTimeout: REDIS_TIMEOUT_MS,
    // Refuse commands at once while disconnected instead of queueing them until a reconnect.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (times) => Math.min(times * 100, 2_000),
  });
  let downUntil = 0;
  let reported: RedisState = 'ok';
  const report = (state: RedisState, err?: unknown) => {
    if (state === reported) return;
    reported = state;
    if (state === 'down') log.warn({ err }, 'Redis is unavailable: rate limits are kept in-process until it returns');
    else log.info('Redis is back: rate limits are shared through it again');
  };
  // Without a listener ioredis prints every failed reconnection attempt.
  client.on('error', (err) => report('down', err));
  client.on('ready', () => {
    downUntil = 0;
    report('ok');
  });

  const link: RedisLink = {
    client,
    usable: () => client.status === 'ready' && Date.now() >= downUntil,
    failed(err) {
      downUntil = Date.now() + BREAKER_MS;
      report('down', err);
    },
    async check() {
      if (client.status !== 'ready') return 'down';
      try {
        await client.ping();
        downUntil = 0;
        report('ok');
        return 'ok';
      } catch (err) {
        link.failed(err);
        return 'down';
      }
    },
    close: () => client.disconnect(),
  };
  return link;
}

/** A store class for @fastify/rate-limit's `store` option (it calls `new Store(globalParams)`). */
export function fallbackStore(link: RedisLink, nameSpace: string) {
  class FallbackStore implements Store {
    private readonly shared: Store;
    private readonly local: Store;
    private readonly options: RouteOptions;

    constructor(options: RouteOptions, prefix: string = nameSpace) {
      this.options = options;
      this.shared = new RedisStore(options.continueExceeding, options.exponentialBackoff, link.client, prefix);
      this.local = new LocalStore(options.continueExceeding, options.exponentialBackoff);
    }

    private run(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number) {
      if (!link.usable()) return this.local[method](key, cb, timeWindow, max);
      this.shared[method](
        key,
        (err, res) => {
          if (!err) return cb(null, res);
          link.failed(err);
          this.local[method](key, cb, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number) {
      this.run('incr', key, cb, timeWindow, max);
    }

    read(key: string, cb: Callback, timeWindow: number, max: number) {
      this.run('read', key, cb, timeWindow, max);
    }

    // The plugin's RedisStore prefixes a child's keys with the route's method and URL, which limiters made
    // by createRateLimit do not have (`wyn-rl-undefinedundefined-…`); their keys already name themselves.
    child(routeOptions: unknown): Store {
      const merged = { ...this.options, ...(routeOptions as RouteOptions) };
      const route = merged.routeInfo;
      const prefix = route?.method && route.url ? `${nameSpace}${route.method}${route.url}-` : nameSpace;
      return new FallbackStore(merged, prefix);
    }
  }
  return FallbackStore;
}
