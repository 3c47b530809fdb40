import type { FastifyReply, FastifyRequest } from 'fastify';
import { RangeNotSatisfiableError, type MediaStorage } from '../integrations/media-storage.ts';

type ObjectStorage = Extract<MediaStorage, { kind: 'object' }>;

/**
 * Streams a file from object storage as the disk routes would send it: the given headers (type, `nosniff`,
 * caching), `ETag`, one byte range when asked (video seeking) and 304 for a matching `If-None-Match`. Returns
 * false when there is no such file, so the route answers its own 404.
 */
export async function sendStoredObject(
  storage: ObjectStorage,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  headers: Record<string, string>,
): Promise<boolean> {
  let found;
  try {
    found = await storage.open(key, request.headers.range);
  } catch (err) {
    if (!(err instanceof RangeNotSatisfiableError)) throw err;
    await reply.status(416).headers(headers).send();
    return true;
  }
  if (!found) return false;
  reply.headers(headers).header('accept-ranges', 'bytes');
  if (found.etag) {
    reply.header('etag', found.etag);
    if (request.headers['if-none-match'] === found.etag && !found.contentRange) {
      found.body.destroy();
      await reply.status(304).send();
      return true;
    }
  }
  reply.header('content-length', String(found.length));
  if (found.contentRange) reply.status(206).header('content-range', found.contentRange);
  await reply.send(found.body);
  return true;
}
