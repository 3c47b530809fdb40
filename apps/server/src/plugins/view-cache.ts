import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { touchTag } from '../lib/view-cache.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The caller and every id in the path of a write request: what the hot reads kept in memory are read under. */
export function touchedBy(request: FastifyRequest): string[] {
  const tags: string[] = [];
  const userId = (request.auth as FastifyRequest['auth'] | null)?.userId;
  if (userId) tags.push(userId);
  for (const value of Object.values((request.params ?? {}) as Record<string, unknown>))
    if (typeof value === 'string') tags.push(value.toLowerCase());
  return tags;
}

/**
 * A member reads their own writes at once (lib/view-cache.ts): once a write request has been handled, before its
 * answer leaves, the views of this process kept under its caller and the ids in its path are dropped. Its
 * transaction has committed by then, so a read that follows the answer loads the change.
 */
export const viewCachePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request) => {
    if (!READS.has(request.method) && !request.routeOptions.config.endpoint?.read)
      for (const tag of touchedBy(request)) touchTag(tag);
  });
});
