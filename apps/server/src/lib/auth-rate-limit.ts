import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { MSG } from '@wyn/contract';
import { tooManyRequests } from './errors.ts';
import { sha256 } from './tokens.ts';

/**
 * Rate limits for the sign-in calls (docs/security.md), `max` requests per minute per client address and per
 * identifier (username, e-mail, phone, Telegram id, refresh token) from that address. A stranger must
 * not be able to lock a member out, so one identifier across all addresses gets a larger, slower
 * allowance: AUTH_IDENTIFIER_FACTOR × max per 15 minutes, twice what one address can send in that time.
 * The client address is request.ip (the X-Forwarded-For address when TRUST_PROXY is on).
 * Built on @fastify/rate-limit's store (in-process, or shared when the plugin is given Redis).
 *
 * It runs as a preValidation hook: the body is parsed but not yet validated, so malformed attempts count
 * too. Identifiers are read defensively for that reason. A limited request gets 429
 * {detail, code: 'rate_limited'} with Retry-After.
 */
export type IdentifiersOf = (body: unknown) => Array<string | null | undefined>;

const WINDOW_MS = 60_000;
const IDENTIFIER_WINDOW_MS = 15 * 60_000;
export const AUTH_IDENTIFIER_FACTOR = 30;

export function authRateLimit(app: FastifyInstance, opts: { name: string; max: number; identifiers?: IdentifiersOf }) {
  const currentKey = new WeakMap<FastifyRequest, string>();
  const byAddress = app.createRateLimit({
    max: opts.max,
    timeWindow: WINDOW_MS,
    keyGenerator: (req) => `auth:${opts.name}:ip:${normalizeIP(req.ip)}`,
  });
  const byIdentifierAndAddress = app.createRateLimit({
    max: opts.max,
    timeWindow: WINDOW_MS,
    keyGenerator: (req) => `auth:${opts.name}:idip:${currentKey.get(req) ?? ''}:${normalizeIP(req.ip)}`,
  });
  const byIdentifier = app.createRateLimit({
    max: opts.max * AUTH_IDENTIFIER_FACTOR,
    timeWindow: IDENTIFIER_WINDOW_MS,
    keyGenerator: (req) => `auth:${opts.name}:id:${currentKey.get(req) ?? ''}`,
  });

  return async function authRateLimitHook(request: FastifyRequest) {
    const address = await byAddress(request);
    if (!address.isAllowed && address.isExceeded) throw tooManyRequests(MSG.rateLimited, address.ttlInSeconds);

    const identifiers = new Set(
      (opts.identifiers?.(request.body) ?? [])
        .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
        .map((v) => sha256(v.trim().toLowerCase()).slice(0, 32)),
    );
    for (const id of identifiers) {
      currentKey.set(request, id);
      for (const check of [byIdentifierAndAddress, byIdentifier]) {
        const limit = await check(request);
        if (!limit.isAllowed && limit.isExceeded) throw tooManyRequests(MSG.rateLimited, limit.ttlInSeconds);
      }
    }
  };
}

/** Reads a string field from an unvalidated body. */
export function bodyField(body: unknown, field: string): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const v = (body as Record<string, unknown>)[field];
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}
