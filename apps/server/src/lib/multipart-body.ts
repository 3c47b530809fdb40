import multipart from '@fastify/multipart';
import { ErrorCode, isStorableText, LIMITS, MEDIA_MSG, STRINGS_MSG } from '@wyn/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppInstance } from '../app-types.ts';
import { AppError, badRequest } from './errors.ts';
import { refuseUnstorableText } from './storable-text.ts';

/** Registers @fastify/multipart in the calling plugin's scope with the upload limits. */
export async function registerMultipart(app: AppInstance) {
  await app.register(multipart, { limits: { fileSize: LIMITS.uploadMaxBytes, files: 2, fields: 40 } });
}

export const fileTooLarge = (detail: string = MEDIA_MSG.tooLarge) => new AppError(413, ErrorCode.tooLarge, detail);

export type UploadedFile = { field: string; filename: string; bytes: Buffer };
export type MultipartBody = { fields: Record<string, string>; files: UploadedFile[] };

/**
 * Reads a multipart request: text fields and files (each at most `maxFileBytes`; over → 413 with
 * `tooLargeMessage`). Files are buffered in memory, which the 30 MB limit keeps bounded.
 */
export async function readMultipart(
  request: FastifyRequest,
  opts: { maxFileBytes: number; tooLargeMessage: string; fileFields: string[] },
): Promise<MultipartBody> {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: opts.maxFileBytes, files: 2, fields: 40 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw fileTooLarge(opts.tooLargeMessage);
        if (!isStorableText(part.filename))
          throw badRequest(STRINGS_MSG.fileNameNotStorable, {
            [isStorableText(part.fieldname) ? part.fieldname : 'non_field_errors']: [STRINGS_MSG.fileNameNotStorable],
          });
        if (opts.fileFields.includes(part.fieldname) && bytes.length > 0)
          files.push({ field: part.fieldname, filename: part.filename, bytes });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(opts.tooLargeMessage);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw badRequest('The upload form is not valid.');
    // The parser's own complaints about a malformed body (no boundary, cut off before its end).
    if (err instanceof Error && /multipart|boundary|unexpected end/i.test(err.message))
      throw badRequest('The upload form is not valid.');
    throw err;
  }
  // Multipart bodies never pass the app-wide check (they are read here, in the handler): the same rule, here.
  refuseUnstorableText(fields);
  return { fields, files };
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
