import multipart from '@fastify/multipart';
import { LIMITS, MEDIA_MSG } from '@wyn/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppInstance } from '../app.ts';
import { readMultipart, type UploadedFile } from '../modules/media/media.service.ts';
import { badRequest } from './errors.ts';

/** Registers @fastify/multipart in the calling plugin's scope with the upload limits. */
export async function registerMultipart(app: AppInstance) {
  await app.register(multipart, { limits: { fileSize: LIMITS.uploadMaxBytes, files: 2, fields: 40 } });
}

/** A zod failure as {detail, errors}: the first message is the sentence the spec gives. */
export function invalid(error: z.ZodError) {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || 'non_field_errors';
    (errors[field] ??= []).push(issue.message);
  }
  return badRequest(error.issues[0]?.message ?? 'Invalid data provided. Please check your input.', errors);
}

/** Parses a request body (JSON or multipart text fields) with `schema`; a failure is a 400 via `invalid`. */
export function parseBody<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const parsed = schema.safeParse(raw ?? {});
  if (!parsed.success) throw invalid(parsed.error);
  return parsed.data;
}

/**
 * A body that is either JSON or multipart: for multipart, its text fields and the files in `fileFields`
 * (each at most `maxFileBytes`, else 413 with `tooLargeMessage`); for JSON, the body and no files.
 */
export async function readMultipartOrJson(
  request: FastifyRequest,
  opts: { fileFields: string[]; maxFileBytes?: number; tooLargeMessage?: string },
): Promise<{ raw: unknown; files: UploadedFile[] }> {
  if (!request.isMultipart()) return { raw: request.body, files: [] };
  const body = await readMultipart(request, {
    maxFileBytes: opts.maxFileBytes ?? LIMITS.uploadMaxBytes,
    tooLargeMessage: opts.tooLargeMessage ?? MEDIA_MSG.tooLarge,
    fileFields: opts.fileFields,
  });
  return { raw: body.fields, files: body.files };
}
