import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

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

export const securityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
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
  });
});
