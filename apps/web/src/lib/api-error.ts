import { MSG } from '@wyn/contract';

/** What is known about a failed call; `status` is absent when no response arrived. */
export interface ErrorContext {
  status?: number;
  /** Parsed JSON body, or the raw text when the body was not JSON. */
  data?: unknown;
  /** The request URL (absolute or relative). */
  url?: string;
  /** The response Content-Type header. */
  contentType?: string | null;
}

export type ApiErrorKind = 'http' | 'network' | 'timeout';

/** Every failed call of the API client rejects with one of these; `message` is the user-facing sentence. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly data: unknown;
  readonly url: string;
  readonly code: string | undefined;
  /** Seconds from a Retry-After header, when present. */
  readonly retryAfter: number | undefined;

  constructor(init: {
    kind: ApiErrorKind;
    status?: number;
    data?: unknown;
    url: string;
    contentType?: string | null;
    retryAfter?: number;
    message?: string;
  }) {
    const ctx: ErrorContext = { data: init.data, url: init.url, contentType: init.contentType ?? null };
    if (init.kind === 'http' && init.status !== undefined) ctx.status = init.status;
    super(init.message ?? deriveErrorMessage(ctx));
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status ?? 0;
    this.data = init.data;
    this.url = init.url;
    this.retryAfter = init.retryAfter;
    const code = isRecord(init.data) ? init.data.code : undefined;
    this.code = typeof code === 'string' ? code : undefined;
  }

  /** Field → first message, from `errors` or top-level field lists (for inline form errors). */
  get fieldErrors(): Record<string, string> {
    return extractFieldErrors(this.data);
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function looksLikeHtml(data: unknown, contentType?: string | null): boolean {
  if (contentType && /text\/html/i.test(contentType)) return true;
  return typeof data === 'string' && /^\s*(<!doctype html|<html[\s>])/i.test(data);
}

function htmlTitle(html: string): string | null {
  const m = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  const title = m?.[1]?.replace(/\s+/g, ' ').trim();
  return title ? title : null;
}

function stringify(v: unknown): string {
  return typeof v === 'string' ? v : v == null ? '' : JSON.stringify(v);
}

/** True when the 404 is about an id that is not a valid UUID (by the response text or the URL). */
export function indicatesInvalidId(ctx: ErrorContext): boolean {
  const text = stringify(ctx.data);
  if (/\buuid\b|invalid id|invalid_id|not a valid id/i.test(text)) return true;
  if (!ctx.url) return false;
  let pathname: string;
  try {
    pathname = new URL(ctx.url, 'http://localhost').pathname;
  } catch {
    return false;
  }
  // /api/v1/<service>/<collection>/<id>/...: an id-like segment (has a digit) that is not a UUID.
  const segments = pathname.split('/').filter(Boolean);
  const start = segments[0] === 'api' ? 2 : 0;
  const rest = segments.slice(start);
  for (let i = 2; i < rest.length; i++) {
    const seg = decodeURIComponent(rest[i] ?? '');
    if (/\d/.test(seg) && !UUID_RE.test(seg)) return true;
  }
  return false;
}

function joinStrings(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() || null;
  if (Array.isArray(v)) {
    const parts = v.map((x) => (typeof x === 'string' ? x : isRecord(x) ? extractMessage(x) : null)).filter(Boolean);
    return parts.length ? parts.join(' ') : null;
  }
  return null;
}

const HUMAN_KEYS: Record<string, string> = {
  phone_number: 'Phone number',
  first_name: 'First name',
  last_name: 'Last name',
};
function humanize(key: string): string {
  const known = HUMAN_KEYS[key];
  if (known) return known;
  const s = key.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** message, detail, error, non_field_errors, errors, then field lists; null when none is usable. */
export function extractMessage(data: unknown): string | null {
  if (typeof data === 'string') {
    const t = data.trim();
    return t && t.length <= 300 && !looksLikeHtml(t) ? t : null;
  }
  if (!isRecord(data)) return null;
  for (const key of ['message', 'detail', 'error', 'non_field_errors'] as const) {
    const s = joinStrings(data[key]);
    if (s) return s;
  }
  const errors = data.errors;
  if (typeof errors === 'string' || Array.isArray(errors)) {
    const s = joinStrings(errors);
    if (s) return s;
  } else if (isRecord(errors)) {
    const s = fieldLists(errors);
    if (s) return s;
  }
  return fieldLists(data);
}

function fieldLists(obj: Record<string, unknown>): string | null {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(obj)) {
    if (key === 'code' || key === 'status') continue;
    const s = Array.isArray(value) ? joinStrings(value) : null;
    if (s) parts.push(key === 'non_field_errors' ? s : `${humanize(key)}: ${s}`);
  }
  return parts.length ? parts.join(' ') : null;
}

/** Field → first message. Reads `errors` ({field: [msg]}) and top-level field lists. */
export function extractFieldErrors(data: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isRecord(data)) return out;
  const sources = [isRecord(data.errors) ? data.errors : {}, data];
  for (const src of sources) {
    for (const [key, value] of Object.entries(src)) {
      if (key in out) continue;
      if (Array.isArray(value) && typeof value[0] === 'string') out[key] = value[0];
    }
  }
  return out;
}

/** The user-facing message for a failed call, exactly as docs/spec/01-signin-home-create.md §8 derives it. */
export function deriveErrorMessage(ctx: ErrorContext): string {
  const { status, data } = ctx;
  if (status === undefined || status === 0) return MSG.networkError;
  if (looksLikeHtml(data, ctx.contentType)) {
    const title = typeof data === 'string' ? htmlTitle(data) : null;
    return title ? `Error: ${title}` : MSG.serverHtmlError;
  }
  if (status === 403) return MSG.forbidden;
  if (status === 404) return indicatesInvalidId(ctx) ? MSG.notFoundInvalidId : MSG.notFound;
  if (status === 400 && (/participate/i.test(ctx.url ?? '') || /participate/i.test(stringify(data)))) {
    return MSG.participateFailed;
  }
  return extractMessage(data) ?? MSG.defaultError;
}

/** The message of any thrown value, for UI: ApiError → its derived message. */
export function errorMessage(e: unknown, fallback: string = MSG.defaultError): string {
  if (e instanceof ApiError) return e.message;
  if (e instanceof Error && e.message) return e.message;
  return fallback;
}
