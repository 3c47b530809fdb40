import type { Log } from '../lib/log.ts';
import { Redis } from 'ioredis';

/**
 * The connection to Redis when REDIS_URL is set. A limit must neither stall a sign-in nor stop applying because
 * Redis is away, so a call gets REDIS_TIMEOUT_MS, a failure sends calls elsewhere for BREAKER_MS (no waiting on
 * a dead connection for every request), and the client's own reconnection brings Redis back into use.
 */
const REDIS_TIMEOUT_MS = 150;
const BREAKER_MS = 5_000;

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

export function createRedisLink(url: string, log: Log): RedisLink {
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
