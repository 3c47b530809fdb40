import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { SEED_ASSETS_DIR, SEED_MEDIA_PREFIX, SERVED_MEDIA_TYPES } from '../../integrations/media-storage.ts';
import { mediaRoot, openMediaStorage } from '../../integrations/open-media-storage.ts';
import { notFound } from '../../lib/errors.ts';
import { sendStoredObject } from '../../lib/stored-object-reply.ts';

/** Where uploads live on disk (the default store): `DATA_DIR/media`. */
export { mediaRoot };

const staticHeaders = (reply: FastifyReply, filePath: string) => {
  const type = SERVED_MEDIA_TYPES[path.extname(filePath).toLowerCase()];
  if (type) reply.header('content-type', type);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-security-policy', "default-src 'none'; sandbox");
};
const servable = (pathName: string) => path.extname(pathName).toLowerCase() in SERVED_MEDIA_TYPES;

/**
 * `GET /media/*`: only the allowed types, with their exact content type and `x-content-type-options: nosniff`;
 * anything else is a JSON 404. Register at the root (no prefix). Uploads come from the media store (the bucket
 * when S3_* is set, else `DATA_DIR/media`). Seed images come from the package's own files on disk, so every
 * instance serves them whoever seeded; with object storage the seed also uploaded them, and they are read
 * from the bucket like any upload.
 */
export async function mediaStaticRoutes(app: AppInstance, { deps }: ModuleOptions) {
  const storage = openMediaStorage(deps.config);
  if (storage.kind === 'object') {
    app.get('/media/*', async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const type = SERVED_MEDIA_TYPES[path.extname(key).toLowerCase()];
      const headers = {
        'content-type': type ?? '',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'cache-control': 'public, max-age=86400',
      };
      if (type && (await sendStoredObject(storage, key, request, reply, headers))) return reply;
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
