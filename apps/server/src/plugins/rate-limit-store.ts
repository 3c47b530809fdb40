import { createRequire } from 'node:module';
import type { RedisLink } from '../integrations/redis-link.ts';

/**
 * The rate-limit store when REDIS_URL is set: counters live in Redis (shared by every instance) while Redis
 * answers, and in this process while it does not. A limit must neither stall a sign-in nor stop applying
 * because Redis is away, so a Redis failure sends calls to the in-process counters while the link's breaker
 * is open (integrations/redis-link.ts).
 */

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
