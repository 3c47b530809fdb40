import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { TaggedEndpoint } from '@wyn/contract';

export type ServedRoute = { method: string; url: string; endpoint?: TaggedEndpoint };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app serves, with the contract endpoint it serves (none for static files and the webhook). */
    servedRoutes: readonly ServedRoute[];
  }
}

/** Records each route as it is registered (register this before the modules). */
export const routeIndexPlugin = fp(async (app: FastifyInstance) => {
  const served: ServedRoute[] = [];
  app.decorate('servedRoutes', served);
  app.addHook('onRoute', (route) => {
    const endpoint = (route.config as { endpoint?: TaggedEndpoint } | undefined)?.endpoint;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      served.push({ method, url: route.url ?? route.path, ...(endpoint ? { endpoint } : {}) });
    }
  });
});
