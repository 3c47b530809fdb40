import Fastify from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext, AppInstance } from './app-types.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createMailer, type Mailer } from './integrations/mailer.ts';
import { openMediaStorage } from './integrations/open-media-storage.ts';
import { createLiveEvents } from './integrations/live-events.ts';
import { createTokenSigner } from './lib/tokens.ts';
import { createEventBus } from './events/event-bus.ts';
import { viewCachePlugin } from './plugins/view-cache.ts';
import { registerConsumers } from './events/consumers.ts';
import { routeIndexPlugin } from './plugins/route-index.ts';
import { outboxCleanupJob } from './events/outbox-cleanup.job.ts';
import { startJobQueue } from './integrations/job-queue.ts';
import { createBotMessenger } from './integrations/telegram-messenger.ts';
import { authPlugin } from './plugins/auth.ts';
import { createAccountStatus } from './modules/accounts/account-status.service.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { loggerOptions, type LogStream } from './plugins/logger.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { securityPlugin } from './plugins/security.ts';
import { storableTextPlugin } from './plugins/storable-text.ts';
import { webStaticPlugin } from './plugins/web-static.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { fallbackStore } from './plugins/rate-limit-store.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { clubRoutes } from './modules/club.routes.ts';
import { questExpiryJob } from './modules/quests/quest-expiry.job.ts';
import { botMessagesJob } from './modules/bot/bot-messages.job.ts';
import { staffAnnouncementsJob } from './modules/staff/staff-announcements.job.ts';
import { streakRemindersJob } from './modules/engagement/streak-reminders.job.ts';
import { seasonsJob } from './modules/engagement/seasons.job.ts';
import { telegramWebhookRoutes } from './modules/bot/telegram-webhook.routes.ts';
import { mediaStaticRoutes } from './modules/home/media-static.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  /** Replaceable for tests; defaults to SMTP_URL or the log. */
  mailer?: Mailer;
  /** The clock, replaceable so tests can move time (code expiry, token expiry). */
  now?: () => Date;
  /** false: no log; a stream: lines go there (tests capture them). Secrets are redacted either way. */
  logger?: boolean | { level: string; stream?: LogStream };
};

// Modules take their shared types from the leaf app-types.ts; re-exported for the tests that build an app.
export type { AppContext, AppInstance, ModuleOptions } from './app-types.ts';

/** Builds the app without listening: plugins and modules registered in one visible order. */
export async function buildApp(input: AppDeps): Promise<AppInstance> {
  const app = Fastify({
    logger:
      input.logger === false
        ? false
        : loggerOptions(typeof input.logger === 'object' ? input.logger : { level: input.config.logLevel }),
    bodyLimit: 1024 * 1024,
    // A hop count, never `true`: with `true` the leftmost X-Forwarded-For entry, which the client writes, wins.
    trustProxy: input.config.trustProxy > 0 ? (_address: string, hop: number) => hop < input.config.trustProxy : false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const now = input.now ?? (() => new Date());
  // Events are delivered after commit; durable consumers and scheduled jobs run on the queue (decision 0009).
  const jobs = await startJobQueue(input.database.queueConnection, (err) => app.log.error({ err }, 'job queue error'));
  const events = await createEventBus({
    database: input.database,
    queue: jobs,
    log: app.log,
    deliveryDelayMs: input.config.events.deliveryDelayMs,
    sweepIntervalMs: input.config.events.sweepMs,
    sweepAfterMs: input.config.events.sweepMs,
  });
  const live = await createLiveEvents(input.database);
  await registerConsumers(events, { live, jobs, config: input.config, now });
  const deps: AppContext = {
    config: input.config,
    database: input.database,
    mailer: input.mailer ?? createMailer({ smtpUrl: input.config.smtpUrl, from: input.config.mailFrom, log: app.log }),
    live,
    signer: createTokenSigner(input.config.jwtSecret, now),
    now,
    // ioredis loads only where REDIS_URL is set (docs/performance.md, start and memory).
    redis: input.config.redisUrl
      ? (await import('./integrations/redis-link.ts')).createRedisLink(input.config.redisUrl, app.log)
      : undefined,
    events,
    jobs,
    media: openMediaStorage(input.config),
    messenger: createBotMessenger({
      token: input.config.telegram.botToken,
      apiRoot: input.config.telegram.apiRoot,
      perSecond: input.config.telegram.sendPerSecond,
      chatIntervalMs: 1000,
      maxRetryAfterSeconds: 30,
    }),
  };

  // 1. cross-cutting plugins
  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin);
  // Before every route and the static files, so its onSend hook covers them all.
  await app.register(compressionPlugin);
  await app.register(storableTextPlugin);
  // Rate limits are shared across instances through Redis when REDIS_URL is set (in-process while it is
  // down), else kept in-process.
  await app.register(rateLimit, {
    global: false,
    ...(deps.redis ? { store: fallbackStore(deps.redis, 'wyn-rl-') } : {}),
  });
  await app.register(openapiPlugin, { productName: input.config.productName });
  await app.register(routeIndexPlugin);
  const accounts = createAccountStatus(input.database.db, deps.live);
  app.addHook('onClose', async () => accounts.close());
  await app.register(authPlugin, { signer: deps.signer, accounts });
  // After auth, so a write's caller is known when its answer leaves.
  await app.register(viewCachePlugin);

  // 2. modules
  await app.register(healthRoutes, { deps });
  await app.register(authRoutes, { prefix: '/api/v1/bot', deps });
  await app.register(telegramWebhookRoutes, { prefix: '/api/v1/bot', deps });
  await app.register(clubRoutes, { prefix: '/api/v1/club', deps });

  // 3. background jobs
  await app.register(questExpiryJob, { deps });
  await app.register(outboxCleanupJob, { deps });
  await app.register(botMessagesJob, { deps });
  await app.register(staffAnnouncementsJob, { deps });
  await app.register(streakRemindersJob, { deps });
  await app.register(seasonsJob, { deps });

  // 4. uploaded and seeded media, then the web app and the 404s
  await app.register(mediaStaticRoutes, { deps });
  await app.register(webStaticPlugin, { dist: input.config.webDist });

  app.addHook('onClose', async () => {
    await events.close();
    await jobs.stop({ graceful: true, timeout: 5000 });
    await deps.mailer.close();
    await deps.live.close();
    deps.redis?.close();
  });
  return app;
}
