import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { parseMediaVariantKey } from '@wyn/contract';
import {
  isImmutableMediaKey,
  SEED_ASSETS_DIR,
  SEED_MEDIA_PREFIX,
  SERVED_MEDIA_TYPES,
} from '../../integrations/media-storage.ts';
import { ensureImageVariant } from '../../lib/image-variants.ts';
import { mediaRoot } from '../../integrations/open-media-storage.ts';
import { notFound } from '../../lib/errors.ts';
import { sendStoredObject } from '../../lib/stored-object-reply.ts';

/** Where uploads live on disk (the default store): `DATA_DIR/media`. */
export { mediaRoot };

/**
 * An upload's name is random and never rewritten, and so are its variants' (decision 0017): a year, immutable.
 * The seed images keep fixed names across releases: a day.
 */
const YEAR = 'public, max-age=31536000, immutable';
const DAY = 'public, max-age=86400';
const cacheControlOf = (key: string) => (isImmutableMediaKey(key) ? YEAR : DAY);

const staticHeaders = (reply: FastifyReply, filePath: string) => {
  const type = SERVED_MEDIA_TYPES[path.extname(filePath).toLowerCase()];
  if (type) reply.header('content-type', type);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-security-policy', "default-src 'none'; sandbox");
  reply.header('cache-control', cacheControlOf(path.basename(filePath)));
};
/** The key a `/media/` request names (its path after `/media/`, decoded), or null when it is not a plain one. */
function keyOf(url: string): string | null {
  try {
    return decodeURIComponent(url.split('?')[0]!.slice('/media/'.length));
  } catch {
    return null;
  }
}
const servable = (pathName: string) => path.extname(pathName).toLowerCase() in SERVED_MEDIA_TYPES;

/**
 * `GET /media/*`: only the allowed types, with their exact content type and `x-content-type-options: nosniff`;
 * anything else is a JSON 404. Register at the root (no prefix). Uploads come from the media store (the bucket
 * when S3_* is set, else `DATA_DIR/media`). Seed images come from the package's own files on disk, so every
 * instance serves them whoever seeded; with object storage the seed also uploaded them, and they are read
 * from the bucket like any upload.
 */
export async function mediaStaticRoutes(app: AppInstance, { deps }: ModuleOptions) {
  const storage = deps.media;
  if (storage.kind === 'object') {
    app.get('/media/*', async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const type = SERVED_MEDIA_TYPES[path.extname(key).toLowerCase()];
      const headers = {
        'content-type': type ?? '',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'cache-control': cacheControlOf(path.basename(key)),
      };
      if (type && (await sendStoredObject(storage, key, request, reply, headers))) return reply;
      // A display-width variant not made yet (a file stored before variants, or seed images published before).
      if (parseMediaVariantKey(key) && (await ensureImageVariant(storage, key)))
        if (await sendStoredObject(storage, key, request, reply, headers)) return reply;
      throw notFound();
    });
    return;
  }
  await app.register(fastifyStatic, {
    root: SEED_ASSETS_DIR,
    prefix: `/media/${SEED_MEDIA_PREFIX}`,
    decorateReply: false,
    index: false,
    list: false,
    redirect: false,
    dotfiles: 'ignore',
    maxAge: '1d',
    allowedPath: servable,
    setHeaders: staticHeaders,
  });
  mkdirSync(storage.publicRoot, { recursive: true });
  // An upload's display-width variant that is not on disk yet is made from its original before the static route
  // looks (the seed images' variants ship with the package, seed-assets/).
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const key = request.url.startsWith('/media/') ? keyOf(request.url) : null;
    if (!key || key.startsWith(SEED_MEDIA_PREFIX) || !parseMediaVariantKey(key)) return;
    if (!existsSync(path.join(storage.publicRoot, key))) await ensureImageVariant(storage, key);
  });
  await app.register(fastifyStatic, {
    root: storage.publicRoot,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    list: false,
    redirect: false,
    dotfiles: 'ignore',
    maxAge: '1d',
    allowedPath: servable,
    setHeaders: staticHeaders,
  });
}
