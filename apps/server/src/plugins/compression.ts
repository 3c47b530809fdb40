import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyCompress from '@fastify/compress';

/**
 * Every text response compressed (docs/performance.md, Delivery). JSON answers are compressed on the fly: Brotli at
 * quality 4 (a fraction of quality 11's CPU for most of its gain on small JSON), gzip at level 5, nothing
 * under 1 KB (the headers cost more than the saving). The web app's assets are compressed once at build
 * (apps/web/vite.config.ts writes .br and .gz beside them) and served as they are by web-static.ts: a reply
 * that already carries a Content-Encoding is left alone. The live stream (text/event-stream) is never
 * compressed: the plugin's default types leave it out, and its route writes to the raw socket anyway.
 * Request bodies are not decompressed: no client sends them compressed, and an inflated body could exceed
 * the body limit it was checked against.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
    zlibOptions: { level: 5 },
  });
});
