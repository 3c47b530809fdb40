import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, MSG, type ErrorBody } from '@wyn/contract';
import { AppError, pgErrorCode, PG_CHECK_VIOLATION, PG_UNIQUE_VIOLATION } from '../lib/errors.ts';

/** One mapping from anything thrown to {detail, code, errors} (docs/architecture.md, API conventions). Nothing a client sends yields a 500. */
function fieldName(instancePath: string, params: unknown): string {
  const fromPath = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  if (fromPath) return fromPath;
  const missing = (params as { missingProperty?: string } | undefined)?.missingProperty;
  return missing ?? 'non_field_errors';
}

export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    let status = 500;
    let body: ErrorBody = { detail: MSG.serverError, code: ErrorCode.internal };

    if (err instanceof AppError) {
      status = err.statusCode;
      body = { detail: err.detail, code: err.code, ...(err.errors ? { errors: err.errors } : {}) };
      if (err.headers) void reply.headers(err.headers);
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string[]> = {};
      for (const issue of err.validation) {
        const field = fieldName(issue.instancePath, issue.params);
        (errors[field] ??= []).push(issue.message ?? 'Invalid value');
      }
      const where = (err as { validationContext?: string }).validationContext;
      const first = Object.entries(errors)[0];
      const invalidId = where === 'params' && Object.keys(errors).some((k) => k === 'id' || k.endsWith('_id'));
      status = 400;
      body = {
        detail: invalidId
          ? MSG.invalidIdFormat
          : first && first[0] === 'non_field_errors'
            ? (first[1][0] ?? MSG.invalidInput)
            : first
              ? `${first[0]}: ${first[1][0]}`
              : MSG.invalidInput,
        code: ErrorCode.invalid,
        errors,
      };
    } else if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (err.statusCode === 400 && err instanceof SyntaxError)) {
      status = 400;
      body = { detail: MSG.invalidJson, code: ErrorCode.invalid };
    } else if (
      err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ||
      err.code === 'FST_REQ_FILE_TOO_LARGE' ||
      err.statusCode === 413
    ) {
      status = 413;
      body = { detail: MSG.bodyTooLarge, code: ErrorCode.tooLarge };
    } else if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || err.statusCode === 415) {
      status = 415;
      body = { detail: 'Unsupported content type.', code: ErrorCode.unsupportedMediaType };
    } else if (err.statusCode === 429) {
      status = 429;
      body = { detail: MSG.rateLimited, code: ErrorCode.rateLimited };
    } else if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) {
      status = 409;
      body = { detail: 'This already exists.', code: ErrorCode.conflict };
    } else if (pgErrorCode(err) === PG_CHECK_VIOLATION) {
      status = 409;
      body = { detail: 'This change would break a rule of the system and was refused.', code: ErrorCode.conflict };
    } else if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode;
      body = {
        detail: err.message || MSG.invalidInput,
        code: err.code ? String(err.code).toLowerCase() : ErrorCode.invalid,
      };
    }

    if (status >= 500) request.log.error({ err }, 'request failed');
    return reply.status(status).type('application/json').send(body);
  });
});
