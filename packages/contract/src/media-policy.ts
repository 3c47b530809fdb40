/**
 * What `POST media/upload/` accepts and says, and private media references: plain values shared by the server and
 * the web app, kept apart from the media schemas (media.ts) so the web app can import them without loading zod.
 */

/** The only types `POST media/upload/` accepts (docs/spec/01-signin-home-create.md §5), read from the file's bytes. */
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

/** A temporary `blob:` address (a local preview), which never names an uploaded file. */
export const isBlobUrl = (s: string) => s.trim().toLowerCase().startsWith('blob:');

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
  onlyImageVideo: 'Only image and video files are supported',
  privateLinkInvalid: 'This link has expired or is not valid.',
} as const;

/**
 * Exclusive perk files are private: `POST media/upload/?purpose=exclusive` (or a `purpose` form field) stores
 * them apart from `/media/` and answers with a `private:<name>` reference, which grants nothing by itself.
 * Whoever may see the content (the perk's creator, a member who redeemed it) receives each reference as a
 * short-lived signed URL under PRIVATE_MEDIA_PATH; sending that URL back (editing the perk) means the same file.
 */
export const PRIVATE_MEDIA_PATH = '/api/v1/club/media/private/';
const PRIVATE_NAME = '[0-9a-f]{32}\\.[a-z0-9]{2,5}';
const PRIVATE_REF = new RegExp(`^private:(${PRIVATE_NAME})$`);
const SIGNED_PRIVATE_PATH = new RegExp(
  `^(?:https?://[^/\\s]+)?${PRIVATE_MEDIA_PATH}(${PRIVATE_NAME})(?:\\?[^\\s]*)?$`,
  'i',
);

/** The `private:<name>` reference a private reference or one of its signed URLs stands for; null otherwise. */
export function privateMediaRefOf(url: string | null | undefined): string | null {
  const s = url?.trim() ?? '';
  const name = PRIVATE_REF.exec(s)?.[1] ?? SIGNED_PRIVATE_PATH.exec(s)?.[1]?.toLowerCase();
  return name ? `private:${name}` : null;
}
