import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers on every response. The content policy lets the app run inside Telegram: its Web App
 * script may load, and Telegram's web clients may frame us (frame-ancestors; X-Frame-Options off since
 * it cannot express an allow-list).
 */
export const TELEGRAM_FRAME_ANCESTORS = [
  "'self'",
  'https://web.telegram.org',
  'https://*.telegram.org',
  'https://t.me',
];

export const HELMET_OPTIONS: HelmetOptions = {
  frameguard: false,
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-site' },
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://telegram.org'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'blob:', 'https:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameSrc: ['https://oauth.telegram.org'],
      frameAncestors: TELEGRAM_FRAME_ANCESTORS,
    },
  },
};

/**
 * The headers helmet writes, computed once: they depend on no request (no CSP nonces). @fastify/helmet rebuilt
 * helmet's middleware, parsing the whole policy, on every request (~1.5% of a hot read's CPU).
 */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: () => {},
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, recorder, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

export const securityPlugin = fp(async (app: FastifyInstance) => {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
