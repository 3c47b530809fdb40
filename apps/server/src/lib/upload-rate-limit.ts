import { ErrorCode, MEDIA_MSG, MEDIA_UPLOADS_PER_MINUTE } from '@wyn/contract';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../app-types.ts';
import { tooManyRequests } from './errors.ts';

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
