import { mkdir } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import {
  ErrorCode,
  LIMITS,
  MEDIA_MSG,
  MEDIA_UPLOADS_PER_MINUTE,
  mediaUpload,
  mediaUploadPurpose,
  mediaUploadQuery,
} from '@wyn/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance, AppContext } from '../../app-types.ts';
import { isPrivateName, PRIVATE_REF_PREFIX, type MediaStorage } from '../../integrations/media-storage.ts';
import { AppError, badRequest, notFound, tooManyRequests } from '../../lib/errors.ts';
import { sendStoredObject } from '../../lib/stored-object-reply.ts';
import { parseBody, readMultipart } from '../../lib/multipart-body.ts';
import { privateMediaType, uploadMedia } from './media.service.ts';
import { createPrivateMediaLinks } from './private-media-links.ts';

/** Per-member upload limit (docs/security.md), on @fastify/rate-limit's store (shared through Redis when set). */
export function uploadRateLimit(app: AppInstance) {
  const limiter = app.createRateLimit({
    max: MEDIA_UPLOADS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (req) => `upload:${req.auth.userId}`,
  });
  return async (request: FastifyRequest) => {
    const r = await limiter(request);
    if (!r.isAllowed && r.isExceeded) {
      throw tooManyRequests(MEDIA_MSG.rateLimited, r.ttlInSeconds, ErrorCode.rateLimited);
    }
  };
}

/** `POST media/upload/`: registered inside the quests module's scope, where @fastify/multipart is. */
export function mediaRoutes(app: AppInstance, deps: AppContext, storage: MediaStorage) {
  const limit = uploadRateLimit(app);
  app.post(
    '/media/upload/',
    {
      onRequest: app.authenticate,
      preHandler: limit,
      schema: {
        tags: ['media'],
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        querystring: mediaUploadQuery,
        response: { 201: mediaUpload },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest(MEDIA_MSG.fileRequired, { file: [MEDIA_MSG.fileRequired] });
      const body = await readMultipart(request, {
        maxFileBytes: LIMITS.uploadMaxBytes,
        tooLargeMessage: MEDIA_MSG.tooLarge,
        fileFields: ['file'],
      });
      const file = body.files[0];
      if (!file) throw badRequest(MEDIA_MSG.fileRequired, { file: [MEDIA_MSG.fileRequired] });
      const purpose =
        request.query.purpose ??
        (body.fields.purpose ? parseBody(z.object({ purpose: mediaUploadPurpose }), body.fields).purpose : undefined);
      const result = await uploadMedia(deps.database.db, storage, request.auth.userId, file, purpose);
      return reply.status(201).send(result);
    },
  );

  void app.register(async (scope) => privateMediaRoute(scope, deps, storage));
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
  app.get(
    '/media/private/:name',
    {
      schema: {
        tags: ['media'],
        params: z.object({ name: z.string().max(64) }),
        querystring: z.object({ exp: z.string().max(20).optional(), sig: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (!isPrivateName(name)) throw notFound();
      if (!links.verify(name, request.query.exp, request.query.sig))
        throw new AppError(403, ErrorCode.permissionDenied, MEDIA_MSG.privateLinkInvalid);
      const type = await privateMediaType(deps.database.db, name);
      if (!type) throw notFound();
      types.set(request, type);
      const left = Math.max(0, Number(request.query.exp) - Math.floor(deps.now().getTime() / 1000));
      if (storage.kind === 'object') {
        const sent = await sendStoredObject(storage, PRIVATE_REF_PREFIX + name, request, reply, {
          'content-type': type,
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; sandbox",
          'cache-control': `private, max-age=${left}`,
        });
        if (!sent) throw notFound();
        return reply;
      }
      reply.header('cache-control', `private, max-age=${left}`);
      return reply.sendFile(name);
    },
  );
}
