import { z } from 'zod';

export {
  MEDIA_ALLOWED_TYPES,
  MEDIA_IMAGE_TYPES,
  MEDIA_MSG,
  MEDIA_UPLOADS_PER_MINUTE,
  PRIVATE_MEDIA_PATH,
  privateMediaRefOf,
  type MediaMimeType,
} from './media-policy.ts';

export const mediaUploadPurpose = z.enum(['exclusive']);
export const mediaUploadQuery = z.object({ purpose: mediaUploadPurpose.optional() });

/**
 * Response of `POST media/upload/` (201). `url` is a path on this server, e.g. `/media/ab12….png`, or for
 * `purpose=exclusive` a `private:<name>` reference.
 */
export const mediaUpload = z.object({
  id: z.uuid(),
  url: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
});
export type MediaUpload = z.infer<typeof mediaUpload>;
