import { ErrorCode, MSG } from '@wyn/contract';

/** An error a service throws to say what the client did wrong; the error handler turns it into {detail, code, errors}. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly detail: string;
  readonly errors: Record<string, string[]> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    statusCode: number,
    code: string,
    detail: string,
    errors?: Record<string, string[]>,
    headers?: Record<string, string>,
  ) {
    super(detail);
    this.statusCode = statusCode;
    this.code = code;
    this.detail = detail;
    this.errors = errors;
    this.headers = headers;
  }
}

export const badRequest = (detail: string, errors?: Record<string, string[]>, code: string = ErrorCode.invalid) =>
  new AppError(400, code, detail, errors);
export const fieldError = (field: string, message: string) => badRequest(message, { [field]: [message] });
export const unauthorized = (detail: string = MSG.notAuthenticated, code: string = ErrorCode.notAuthenticated) =>
  new AppError(401, code, detail);
export const forbidden = (detail: string = MSG.forbidden) => new AppError(403, ErrorCode.permissionDenied, detail);
export const notFound = (detail: string = MSG.notFound) => new AppError(404, ErrorCode.notFound, detail);
export const conflict = (detail: string, code: string = ErrorCode.conflict) => new AppError(409, code, detail);
export const tooManyRequests = (detail: string, retryAfterSeconds: number, code: string = ErrorCode.rateLimited) =>
  new AppError(429, code, detail, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const unavailable = (detail: string, code: string = ErrorCode.unavailable) => new AppError(503, code, detail);

/** PostgreSQL error codes we turn into client errors rather than 500s. */
export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_CHECK_VIOLATION = '23514';
export const PG_SERIALIZATION_FAILURE = '40001';
export const PG_DEADLOCK = '40P01';
