import { LIMITS, MEDIA_ALLOWED_TYPES, MEDIA_IMAGE_TYPES, MEDIA_MSG } from '@wyn/contract';

/** The upload's own sentences; the rate-limit and file-type ones are the contract's MEDIA_MSG. */
export const UPLOAD_MSG = {
  validationFailed: 'File validation failed',
  localOnly: (error: string) => `Upload failed: ${error}. Using local preview only.`,
  localOnlyNote: 'This file is only a local preview: it was not saved and may not survive a page refresh.',
  success: (kind: 'Image' | 'Video' | 'File') => `${kind} uploaded successfully!`,
  tooLarge: (mb: number) => `File size exceeds maximum allowed (${mb}MB)`,
} as const;

export const UPLOAD_ATTEMPTS = 3;
/** Delays before the 2nd and 3rd attempt. */
export const UPLOAD_BACKOFF_MS = [1000, 2000] as const;
/** Answers that another attempt cannot change. */
export const NO_RETRY_STATUSES: readonly number[] = [400, 413, 415, 429];

export type MediaKind = 'Image' | 'Video' | 'File';

/** The file pickers' `accept` lists, from the types media/upload/ takes. */
export const IMAGE_ACCEPT = MEDIA_IMAGE_TYPES.join(',');
export const VIDEO_ACCEPT = MEDIA_ALLOWED_TYPES.filter((t) => t.startsWith('video/')).join(',');
export const IMAGE_OR_VIDEO_ACCEPT = `${IMAGE_ACCEPT},${VIDEO_ACCEPT}`;

export function mediaKind(mime: string): MediaKind {
  if (mime.startsWith('image/')) return 'Image';
  if (mime.startsWith('video/')) return 'Video';
  return 'File';
}

/** Client-side check before uploading: type, then the size limit of its kind (image 5 MB, video 30 MB). */
export function checkMediaFile(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(MEDIA_ALLOWED_TYPES as readonly string[]).includes(file.type)) return MEDIA_MSG.unsupportedType;
  const max = file.type.startsWith('video/') ? LIMITS.videoMaxBytes : LIMITS.imageMaxBytes;
  if (file.size > max) return UPLOAD_MSG.tooLarge(Math.round(max / (1024 * 1024)));
  return null;
}

/**
 * After failed attempt number `attempt` (1-based) with HTTP `status` (0 or undefined: no response),
 * the delay before the next attempt, or null to stop.
 */
export function nextUploadDelay(attempt: number, status: number | undefined): number | null {
  if (status !== undefined && NO_RETRY_STATUSES.includes(status)) return null;
  if (attempt >= UPLOAD_ATTEMPTS) return null;
  return UPLOAD_BACKOFF_MS[attempt - 1] ?? null;
}

export interface UploadFailure {
  /** Toast text. */
  toast: string;
  /** Text under the field. */
  field: string;
  /** True when the file stays as a local preview only (retries exhausted). */
  localOnly: boolean;
}

/** The messages of a failed upload (docs/spec/01-signin-home-create.md §8 "Upload"). */
export function describeUploadFailure(status: number | undefined, serverMessage: string | null): UploadFailure {
  if (status === 429) return { toast: MEDIA_MSG.rateLimited, field: MEDIA_MSG.rateLimitedField, localOnly: false };
  if (status === 400 || status === 413 || status === 415) {
    const msg = serverMessage || UPLOAD_MSG.validationFailed;
    return { toast: msg, field: msg, localOnly: false };
  }
  const reason = serverMessage || (status ? `HTTP ${status}` : 'network error');
  return { toast: UPLOAD_MSG.localOnly(reason), field: UPLOAD_MSG.localOnlyNote, localOnly: true };
}
