import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_WEB_DIST } from './server-paths.ts';

/** The only reader of process.env (README.md, Configuration). A bad value stops start-up naming the variable. */
const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  /** PostgreSQL connections each instance keeps at most; a few per core serve best (docs/performance.md). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
  REDIS_URL: optionalUrl,
  JWT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  PRODUCT_NAME: z.string().min(1).default('Wyn'),
  TELEGRAM_BOT_TOKEN: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\d+:[\w-]+$/, 'must look like 123456:ABC-DEF')
      .optional(),
  ),
  TELEGRAM_BOT_USERNAME: optionalString,
  /** The Mini App's short name in BotFather (`/newapp`): share links are `https://t.me/<bot>/<short name>?startapp=…`. */
  TELEGRAM_MINIAPP_SHORT_NAME: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_]{3,30}$/, 'must be the Mini App short name from BotFather (3-30 letters, digits, _)')
      .optional(),
  ),
  TELEGRAM_API_ROOT: z.url().default('https://api.telegram.org'),
  /** Bot messages per second over all chats, per instance (Telegram allows about 30). */
  TELEGRAM_SEND_PER_SECOND: z.coerce.number().int().min(1).max(30).default(30),
  TELEGRAM_WEBHOOK_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,256}$/)
      .optional(),
  ),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Wyn <no-reply@wyn.local>'),
  WELCOME_BONUS: z.coerce.number().int().min(0).max(1_000_000).default(100),
  /** W per check-in by streak day, repeating: day 1–6 pay 1 W, day 7 pays 10 W, day 8 starts again. */
  STREAK_REWARDS: z
    .string()
    .regex(
      /^\s*\d{1,6}(\.\d{1,2})?(\s*,\s*\d{1,6}(\.\d{1,2})?)*\s*$/,
      'expected W amounts separated by commas, like 1,1,1,1,1,1,10',
    )
    .default('1,1,1,1,1,1,10'),
  /** W a streak repair costs (paid to the system account). */
  STREAK_REPAIR_COST: z.coerce.number().min(0).max(1_000_000).default(5),
  /** Referrals: W to the inviting member and to the newcomer when a referral qualifies; qualifications a day that pay. */
  REFERRAL_REWARD: z.coerce.number().min(0).max(1_000_000).default(20),
  REFERRAL_WELCOME: z.coerce.number().min(0).max(1_000_000).default(10),
  REFERRAL_DAILY_CAP: z.coerce.number().int().min(0).max(1_000_000).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: optionalString,
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().min(1).default(10),
  /** Tests only (the crash test): how long committed events wait before their consumers run in-process. */
  EVENTS_DELIVERY_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  /** How often, and after how long, events no process delivered are handed to the job queue. */
  EVENTS_SWEEP_MS: z.coerce.number().int().min(100).max(3_600_000).default(5000),
  /**
   * How long a member's view of a quest, a perk, a search or a board is answered from memory (lib/view-cache.ts);
   * 0 turns it off. Defaults to 1000, and to 0 under NODE_ENV=test, where tests change rows by hand.
   */
  HOT_READ_CACHE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** Seconds between scans for quests past their deadline; below 60 for tests and clubs that want it sooner. */
  QUEST_EXPIRY_SCAN_SECONDS: z.coerce.number().int().min(1).max(60).default(60),
  /**
   * Set when behind reverse proxies, so client addresses (for rate limits) come from X-Forwarded-For: `true`
   * for one proxy, or how many proxies stand in front. Only the entries those proxies appended are believed;
   * anything a client wrote before them is ignored, so a forged header cannot buy a fresh rate-limit budget.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|[0-9]{1,2})$/, 'expected true, false or a number of proxies')
    .default('false')
    .transform((v) => (v === 'true' ? 1 : v === 'false' ? 0 : Number(v))),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name (3-63 lowercase letters, digits, dots, dashes)',
      )
      .optional(),
  ),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
});

/** Object storage is all or nothing: a half-configured store would silently keep files on one disk. */
const S3_VARS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

export type S3Config = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The PostgreSQL pool's size per instance. */
  databasePoolSize: number;
  redisUrl: string | undefined;
  jwtSecret: string;
  productName: string;
  telegram: {
    botToken: string | undefined;
    botUsername: string | undefined;
    /** The Mini App's short name, for `t.me/<bot>/<app>` links; unset → share links point at PUBLIC_URL. */
    miniAppShortName: string | undefined;
    apiRoot: string;
    webhookSecret: string;
    /** Bot messages per second over all chats (one per second per chat is fixed). */
    sendPerSecond: number;
  };
  smtpUrl: string | undefined;
  mailFrom: string;
  welcomeBonusCents: number;
  /** The daily streak: W per check-in by streak day (repeating), and the repair's cost, in hundredths. */
  streak: { rewardsCents: number[]; repairCostCents: number };
  /** Referrals (issue #16): the inviting member's reward and the newcomer's welcome in hundredths, and how many
   *  qualifications a day pay the inviting member. */
  referrals: { rewardCents: number; welcomeCents: number; dailyCap: number };
  logLevel: string;
  webDist: string;
  rateLimitAuthMax: number;
  events: { deliveryDelayMs: number; sweepMs: number };
  /** How long hot reads are answered from memory (lib/view-cache.ts); 0: not at all. */
  hotReadCacheMs: number;
  /** How often one instance scans for quests past their deadline (once a minute by default). */
  questExpiryScanSeconds: number;
  /** How many reverse proxies to believe in X-Forwarded-For; 0 for none. */
  trustProxy: number;
  /** Set when every S3_* variable is: media and exclusive files live in that bucket instead of DATA_DIR. */
  s3: S3Config | undefined;
};

export class ConfigError extends Error {}

function secretFromDataDir(dataDir: string, name: string): string {
  const file = path.join(dataDir, 'secrets', name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const value = randomBytes(48).toString('base64url');
  writeFileSync(file, value, { mode: 0o600 });
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && !e.JWT_SECRET)
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required when NODE_ENV=production');
  if (e.TELEGRAM_BOT_TOKEN && !e.TELEGRAM_BOT_USERNAME)
    throw new ConfigError('Invalid configuration:\n  TELEGRAM_BOT_USERNAME: required when TELEGRAM_BOT_TOKEN is set');
  const s3Set = S3_VARS.filter((name) => e[name] !== undefined);
  const s3Missing = S3_VARS.filter((name) => e[name] === undefined);
  if (s3Set.length > 0 && s3Missing.length > 0)
    throw new ConfigError(
      `Invalid configuration:\n${s3Missing.map((name) => `  ${name}: required when ${s3Set.join(', ')} ${s3Set.length > 1 ? 'are' : 'is'} set (object storage needs all of ${S3_VARS.join(', ')})`).join('\n')}`,
    );
  const dataDir = path.resolve(e.DATA_DIR);
  const needsGenerated = !e.JWT_SECRET || !e.TELEGRAM_WEBHOOK_SECRET;
  if (needsGenerated) mkdirSync(dataDir, { recursive: true });
  const config: Config = {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET ?? secretFromDataDir(dataDir, 'jwt-secret'),
    productName: e.PRODUCT_NAME,
    telegram: {
      botToken: e.TELEGRAM_BOT_TOKEN,
      botUsername: e.TELEGRAM_BOT_USERNAME?.replace(/^@/, ''),
      miniAppShortName: e.TELEGRAM_MINIAPP_SHORT_NAME,
      apiRoot: e.TELEGRAM_API_ROOT.replace(/\/$/, ''),
      webhookSecret: e.TELEGRAM_WEBHOOK_SECRET ?? secretFromDataDir(dataDir, 'telegram-webhook-secret'),
      sendPerSecond: e.TELEGRAM_SEND_PER_SECOND,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    welcomeBonusCents: e.WELCOME_BONUS * 100,
    streak: {
      rewardsCents: e.STREAK_REWARDS.split(',').map((v) => Math.round(Number(v.trim()) * 100)),
      repairCostCents: Math.round(e.STREAK_REPAIR_COST * 100),
    },
    referrals: {
      rewardCents: Math.round(e.REFERRAL_REWARD * 100),
      welcomeCents: Math.round(e.REFERRAL_WELCOME * 100),
      dailyCap: e.REFERRAL_DAILY_CAP,
    },
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? DEFAULT_WEB_DIST),
    rateLimitAuthMax: e.RATE_LIMIT_AUTH_MAX,
    events: { deliveryDelayMs: e.EVENTS_DELIVERY_DELAY_MS, sweepMs: e.EVENTS_SWEEP_MS },
    hotReadCacheMs: e.HOT_READ_CACHE_MS ?? (e.NODE_ENV === 'test' ? 0 : 1000),
    questExpiryScanSeconds: e.QUEST_EXPIRY_SCAN_SECONDS,
    trustProxy: e.TRUST_PROXY,
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_REGION && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT.replace(/\/$/, ''),
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
  };
  return { ...config, ...overrides };
}
