import type { FastifyServerOptions } from 'fastify';

/** Where log lines go (tests capture them). */
export type LogStream = { write(line: string): void };

/**
 * Log lines never carry secrets (issue 12, item 11): passwords and their hashes, tokens (access, refresh,
 * one-time, webhook secret), one-time code hashes, Telegram init data, cookies and authorization headers.
 * Three layers, because a secret can reach a line in three ways:
 *  - a known place in the request/response objects pino logs (`redact` paths);
 *  - a key anywhere in a logged object or error, at any depth (`scrubObject`): a database error carries its
 *    bound parameters (`params`, `parameters`) and its cause chain, and the driver may add more later;
 *  - text: drizzle puts the parameters into the error message itself ("Failed query: … params: …"), and a
 *    message may quote a value, so argon2 hashes, JWTs and bearer tokens are cut out of every string.
 * The development mailer's deliberate "one-time code … (no mail configured)" line is the delivery channel when
 * no SMTP is set (README), refused in production by config; it is left as it is.
 */
export const REDACTED = '[Redacted]';

const SECRET_KEYS = new Set(
  [
    'password',
    'new_password',
    'old_password',
    'current_password',
    'password_hash',
    'passwordhash',
    'hash',
    'token',
    'access',
    'refresh',
    'access_token',
    'refresh_token',
    'accesstoken',
    'refreshtoken',
    'token_hash',
    'tokenhash',
    'otp',
    'otp_hash',
    'otphash',
    'code_hash',
    'codehash',
    'initdata',
    'init_data',
    'authorization',
    'cookie',
    'set-cookie',
    'secret',
    'jwt_secret',
    'x-telegram-bot-api-secret-token',
  ].map((k) => k.toLowerCase()),
);
/** Keys whose whole value is dropped: a database error's bound values, whatever they are. */
const DROPPED_KEYS = new Set(['params', 'parameters', 'values', 'bindings']);

const SECRET_PATTERNS: RegExp[] = [
  /\$argon2(?:id|i|d)\$[^\s,'")\]]*/g,
  /\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}\b/g,
  /\b(Bearer)\s+[\w.~+/=-]+/gi,
  // drizzle's message: "Failed query: <sql>\nparams: <values>"
  /(\bparams:)[^\n]*/g,
];

export function scrubText(s: string): string {
  let out = s;
  for (const re of SECRET_PATTERNS)
    out = out.replace(re, (_m, label?: string) => (typeof label === 'string' ? `${label} ${REDACTED}` : REDACTED));
  return out;
}

/** A copy of `value` with secret keys redacted, bound parameters dropped and secrets cut from strings. */
export function scrubObject(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 8 || seen.has(value)) return '[…]';
  seen.add(value);
  if (value instanceof Error) return scrubObject(serializeError(value), depth, seen);
  if (Array.isArray(value)) return value.map((v) => scrubObject(v, depth + 1, seen));
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const k = key.toLowerCase();
    if (DROPPED_KEYS.has(k)) continue;
    out[key] = SECRET_KEYS.has(k) && v != null ? REDACTED : scrubObject(v, depth + 1, seen);
  }
  return out;
}

/** An error as a plain object: type, message, stack, its own properties and its cause chain. */
function serializeError(err: Error): Record<string, unknown> {
  const out: Record<string, unknown> = {
    type: err.constructor?.name ?? 'Error',
    message: err.message,
    stack: err.stack,
  };
  for (const [k, v] of Object.entries(err)) if (!(k in out)) out[k] = v;
  if (err.cause !== undefined) out.cause = err.cause;
  return out;
}

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };
const errSerializer = (err: unknown) => scrubObject(err) as SerializedError;

/** A request's line names its method, path and address; the signature of a private-media link is cut. */
type Fields = Record<string, unknown>;
function reqSerializer(req: unknown): Fields {
  const r = req as { method?: unknown; url?: unknown; ip?: unknown } | null;
  if (!r || typeof r.method !== 'string' || typeof r.url !== 'string') return scrubObject(req) as Fields;
  const url = scrubText(r.url).replace(/([?&]sig=)[^&]*/g, `$1${REDACTED}`);
  return { method: r.method, url, remoteAddress: r.ip };
}
function resSerializer(res: unknown): Fields {
  const statusCode = (res as { statusCode?: unknown } | null)?.statusCode;
  return typeof statusCode === 'number' ? { statusCode } : (scrubObject(res) as Fields);
}

/**
 * pino runs `formatters.log` before the serializers: scrubbing Fastify's request and reply objects there left
 * `{}` (their fields are getters), so request lines had no method, path or status. Those two go to their
 * serializers, which keep only safe fields; everything else is scrubbed here.
 */
function formatLog(obj: Record<string, unknown>): Record<string, unknown> {
  const { req, res, ...rest } = obj;
  const out = scrubObject(rest) as Record<string, unknown>;
  if (req !== undefined) out.req = req;
  if (res !== undefined) out.res = res;
  return out;
}

/** The app's logger options: the level, the redaction above, and (for tests) where lines go. */
export function loggerOptions(opts: { level: string; stream?: LogStream }): FastifyServerOptions['logger'] {
  return {
    level: opts.level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-telegram-bot-api-secret-token"]',
        'res.headers["set-cookie"]',
      ],
      censor: REDACTED,
    },
    serializers: { err: errSerializer, error: errSerializer, req: reqSerializer, res: resSerializer },
    formatters: { log: formatLog },
    hooks: {
      logMethod(args, method) {
        const cleaned = args.map((a) => (typeof a === 'string' ? scrubText(a) : a)) as Parameters<typeof method>;
        method.apply(this, cleaned);
      },
    },
    ...(opts.stream ? { stream: opts.stream } : {}),
  };
}
