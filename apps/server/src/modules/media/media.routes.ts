import { ErrorCode, LIMITS, MEDIA_MSG, MEDIA_UPLOADS_PER_MINUTE, mediaUpload } from '@wyn/contract';
import type { FastifyRequest } from 'fastify';
import type { AppInstance, AppContext } from '../../app.ts';
import type { MediaStorage } from '../../integrations/media-storage.ts';
import { badRequest, tooManyRequests } from '../../lib/errors.ts';
import { readMultipart, storeMedia } from './media.service.ts';

/** Per-member upload limit (DESIGN §5), on @fastify/rate-limit's store (shared through Redis when set). */
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
      const result = await storeMedia(deps.database.db, storage, request.auth.userId, file);
      return reply.status(201).send(result);
    },
  );
}
