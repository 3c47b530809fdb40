import type { ServerResponse } from 'node:http';
import { ErrorCode, LIMITS, type LiveEvent } from '@wyn/contract';
import type { FastifyRequest } from 'fastify';
import { createDecoder } from 'fast-jwt';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { endpoints } from '@wyn/contract/endpoints';
import { createPresence } from './presence.service.ts';

/** Proxies drop idle connections; a comment line this often keeps the stream open. */
export const HEARTBEAT_MS = 25_000;
/** Tabs one member may stream to at once: bounds what a single account can hold open. */
export const MAX_STREAMS_PER_MEMBER = 10;

/**
 * How long the stream may last: until the access token it was opened with expires (`authenticate` has
 * verified it; only its `exp` is read here), never longer than an access token lives.
 */
const decodeJwt = createDecoder();

function streamLifetimeMs(request: FastifyRequest, now: Date): number {
  const max = LIMITS.accessTokenSeconds * 1000;
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const exp: unknown = token ? (decodeJwt(token) as { exp?: unknown }).exp : undefined;
  return typeof exp === 'number' ? Math.max(0, Math.min(max, exp * 1000 - now.getTime())) : max;
}

/**
 * `GET live/`: one server-sent-events stream per signed-in tab (decision 0006). The client reads it with
 * fetch and the bearer header. Events are hints (`{type, id, from}`), never content; the client refetches.
 * The stream ends when the access token it was opened with would expire, so a revoked session stops
 * listening within that time; the client reconnects with a fresh token.
 */
export async function liveRoutes(app: AppInstance, { deps }: ModuleOptions) {
  const open = new Set<ServerResponse>();
  // Which members have a stream open, shared with every instance (the bot tells chat messages only to the others).
  const presence = createPresence(deps.database.db, { log: app.log });

  contractRoute(app, endpoints.live, async (request, reply) => {
    const userId = request.auth.userId;
    if (deps.live.count(userId) >= MAX_STREAMS_PER_MEMBER)
      throw tooManyRequests('Too many open live connections.', 60, ErrorCode.rateLimited);

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // The stream is the connection's whole life: ending it (token expiry, shutdown) closes the socket.
      connection: 'close',
      'x-accel-buffering': 'no',
    });
    res.write(': connected\n\n');

    const send = (event: LiveEvent) => {
      res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      // The account was disabled: its streams end now (the reconnect is refused by authenticate).
      if (event.type === 'account_disabled') res.end();
    };
    const unsubscribe = deps.live.subscribe(userId, send);
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    const expiry = setTimeout(() => res.end(), streamLifetimeMs(request, deps.now()));
    open.add(res);
    presence.opened(userId);
    let done = false;
    const cleanup = () => {
      if (done) return;
      done = true;
      clearInterval(heartbeat);
      clearTimeout(expiry);
      unsubscribe();
      open.delete(res);
      presence.closed(userId);
    };
    res.on('close', cleanup);
    // The client may have gone while the token was being checked: 'close' has then already fired.
    if (res.destroyed || !request.raw.socket || request.raw.socket.destroyed) cleanup();
  });

  // Open streams never go idle, so the server could not close while they last.
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });
  app.addHook('onClose', async () => presence.close());
}
