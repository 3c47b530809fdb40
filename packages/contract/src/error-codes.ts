/**
 * Error codes and the `Idempotency-Key` sentences, shared by the server and the web app. Kept apart from the common
 * schemas (common.ts) so the web app can import them without loading zod.
 */

/** Error codes: stable machine words sent in `code`. */
export const ErrorCode = {
  invalid: 'invalid',
  notAuthenticated: 'not_authenticated',
  tokenInvalid: 'token_invalid',
  permissionDenied: 'permission_denied',
  notFound: 'not_found',
  conflict: 'conflict',
  tooLarge: 'too_large',
  unsupportedMediaType: 'unsupported_media_type',
  rateLimited: 'rate_limited',
  unavailable: 'unavailable',
  invalidCredentials: 'invalid_credentials',
  notVerified: 'not_verified',
  otpInvalid: 'otp_invalid',
  otpExpired: 'otp_expired',
  otpLocked: 'otp_locked',
  otpTooSoon: 'otp_too_soon',
  deliveryUnavailable: 'delivery_unavailable',
  telegramInvalid: 'telegram_invalid',
  telegramNotConfigured: 'telegram_not_configured',
  internal: 'internal',
  idempotencyInProgress: 'idempotency_in_progress',
  idempotencyKeyReused: 'idempotency_key_reused',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** `Idempotency-Key` answers (docs/architecture.md, API conventions). */
export const IDEMPOTENCY_MSG = {
  keyTooLong: 'Idempotency-Key must be at most 200 characters.',
  inProgress: 'A request with this Idempotency-Key is still being processed. Try again in a moment.',
  keyReused: 'This Idempotency-Key was already used with a different request.',
} as const;
