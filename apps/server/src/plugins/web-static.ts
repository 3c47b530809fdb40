import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { ErrorCode, MSG } from '@wyn/contract';

/**
 * Serves the built web app on the API's port. Unknown non-API paths get index.html (the app shows its own
 * 404 page); unknown /api/ paths get a JSON 404.
 *
 * Delivery (docs/performance.md): the build writes Brotli and gzip copies beside each text asset, served as they are to a
 * client that accepts them (`preCompressed`, with Content-Encoding and Vary: Accept-Encoding; the compression
 * plugin leaves an encoded reply alone). Hashed assets are cached for a year (immutable), index.html is
 * revalidated on every load (no-cache) so a deploy is seen at once, other public files for an hour.
 */
export const webStaticPlugin = fp(async (app: FastifyInstance, opts: { dist: string }) => {
  const hasBuild = existsSync(path.join(opts.dist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: opts.dist,
      wildcard: false,
      index: false,
      maxAge: '1h',
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Everything Vite writes under assets/ carries its content hash in its name.
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        else if (/\.html(\.(br|gz))?$/.test(filePath)) res.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsApi = url.startsWith('/api/') || url === '/api' || url.startsWith('/media/');
    if (wantsApi || request.method !== 'GET' || !hasBuild) {
      return reply.status(404).send({ detail: MSG.notFound, code: ErrorCode.notFound });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
