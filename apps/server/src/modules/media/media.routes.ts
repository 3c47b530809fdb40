import { mkdir } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import { LIMITS, MEDIA_MSG } from '@wyn/contract';
import { endpoints } from '@wyn/contract/endpoints';
import type { FastifyRequest } from 'fastify';
import type { AppContext, AppInstance, ModuleOptions } from '../../app-types.ts';
import type { MediaStorage } from '../../integrations/media-storage.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { notFound } from '../../lib/errors.ts';
import { sendStoredObject } from '../../lib/stored-object-reply.ts';
import { readMultipart, registerMultipart } from '../../lib/multipart-body.ts';
import { uploadRateLimit } from '../../lib/upload-rate-limit.ts';
import { openPrivateFile, uploadFromForm } from './media.service.ts';
import { createPrivateMediaLinks } from '../../lib/private-media-links.ts';

/** `POST media/upload/` and the signed private-file route. */
export async function mediaRoutes(app: AppInstance, { deps }: ModuleOptions) {
  await registerMultipart(app);
  const storage = deps.media;
  const limit = uploadRateLimit(app);
  contractRoute(
    app,
    endpoints.mediaUpload,
    async (request, reply) => {
      const form = request.isMultipart()
        ? await readMultipart(request, {
            maxFileBytes: LIMITS.uploadMaxBytes,
            tooLargeMessage: MEDIA_MSG.tooLarge,
            fileFields: ['file'],
          })
        : null;
      const result = await uploadFromForm(deps.database.db, storage, request.auth.userId, form, request.query.purpose);
      reply.code(201);
      return result;
    },
    { preHandler: limit },
  );

  await app.register(async (scope) => privateMediaRoute(scope, deps, storage));
}

/**
 * `GET media/private/{name}?exp=&sig=`: an exclusive file, for whoever holds a signed URL the perk responses
 * handed out (no bearer header: <img> and <video> cannot send one). The stored type, `nosniff`, private caching
 * until the link expires, and ranges (video seeking): through @fastify/static's sendFile from the disk, or
 * streamed from the bucket when object storage is configured.
 */
async function privateMediaRoute(app: AppInstance, deps: AppContext, storage: MediaStorage) {
  const links = createPrivateMediaLinks(deps.config.jwtSecret, deps.now);
  const types = new WeakMap<FastifyRequest, string>();
  const disk = storage.kind === 'disk' ? storage : null;
  // The static plugin warns about a missing root; an empty data directory has none until the first upload.
  if (disk) await mkdir(disk.privateRoot, { recursive: true, mode: 0o700 });
  if (disk)
    await app.register(fastifyStatic, {
      root: disk.privateRoot,
      serve: false,
      index: false,
      dotfiles: 'deny',
      cacheControl: false,
      etag: true,
      lastModified: false,
      setHeaders: (reply) => {
        const type = types.get(reply.request);
        if (type) reply.header('content-type', type);
        reply.header('x-content-type-options', 'nosniff');
        reply.header('content-security-policy', "default-src 'none'; sandbox");
      },
    });
  contractRoute(app, endpoints.mediaPrivateFile, async (request, reply) => {
    const { name } = request.params;
    const file = await openPrivateFile(deps.database.db, links, { name, ...request.query }, deps.now());
    types.set(request, file.mimeType);
    const cacheControl = `private, max-age=${file.maxAgeSeconds}`;
    if (storage.kind === 'object') {
      const sent = await sendStoredObject(storage, file.key, request, reply, {
        'content-type': file.mimeType,
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'cache-control': cacheControl,
      });
      if (!sent) throw notFound();
      return reply;
    }
    reply.header('cache-control', cacheControl);
    return reply.sendFile(name);
  });
}
