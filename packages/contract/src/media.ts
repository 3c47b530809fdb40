import { z } from 'zod';

/** The only types `POST media/upload/` accepts (spec 01 §5), read from the file's bytes. */
export const MEDIA_ALLOWED_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'video/mp4',
  'video/quicktime',
  'video/x-msvideo',
  'video/webm',
  'application/pdf',
] as const;
export type MediaMimeType = (typeof MEDIA_ALLOWED_TYPES)[number];

export const MEDIA_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** Uploads per member per minute. */
export const MEDIA_UPLOADS_PER_MINUTE = 10;

export const MEDIA_MSG = {
  unsupportedType: 'Unsupported file type. Only images, videos, and PDFs are allowed.',
  unsupportedImage: 'Unsupported file type. Only images are allowed.',
  tooLarge: 'File size exceeds the maximum allowed (30MB)',
  imageTooLarge: 'File size exceeds the maximum allowed (5MB)',
  fileRequired: 'A file is required.',
  rateLimited: 'Upload rate limit exceeded. Please try again later.',
  rateLimitedField: 'You have exceeded the upload limit. Please try again later.',
} as const;

/** Response of `POST media/upload/` (201). `url` is a path on this server, e.g. `/media/ab12….png`. */
export const mediaUpload = z.object({
  id: z.uuid(),
  url: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
});
export type MediaUpload = z.infer<typeof mediaUpload>;
