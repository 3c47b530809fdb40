import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Mailer } from './integrations/mailer.ts';
import type { LiveEvents } from './integrations/live-events.ts';
import type { RedisLink } from './integrations/redis-link.ts';
import type { TokenSigner } from './lib/tokens.ts';
import type { EventBus } from './events/event-bus.ts';
import type { PgBoss } from './integrations/job-queue.ts';
import type { MediaStorage } from './integrations/media-storage.ts';
import type { BotMessenger } from './integrations/telegram-messenger.ts';

// The types every module shares, kept apart from app.ts: app.ts imports the modules, so a module that took
// its types from there would close an import circle through the whole server.

export type AppContext = {
  config: Config;
  database: Database;
  mailer: Mailer;
  /** Live updates to signed-in tabs (messages, read receipts, notifications). */
  live: LiveEvents;
  signer: TokenSigner;
  now: () => Date;
  /** Set when REDIS_URL is: shared rate limits; the health route reports it. */
  redis?: RedisLink;
  /** Domain events delivered after commit (docs/decisions/0009). */
  events: EventBus;
  /** The job queue: event retries and scheduled jobs, each run once across instances. */
  jobs: PgBoss;
  /** Uploaded media and exclusive files: the S3 bucket when configured, else DATA_DIR (one store per app). */
  media: MediaStorage;
  /** The bot's messages to members, paced for Telegram's limits (one per process: the pace is shared). */
  messenger: BotMessenger;
};

export type AppInstance = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;
export type ModuleOptions = { deps: AppContext };
