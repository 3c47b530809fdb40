import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig, type Config } from '../src/config.ts';
import { openPglite, openPostgres, type Database } from '../src/db/client.ts';
import { buildApp, type AppInstance } from '../src/app.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { TEST_BOT_TOKEN, TEST_BOT_USERNAME } from './telegram-signing.ts';
import { createServerErrorWatch, type ServerErrorWatch } from './server-error-watch.ts';

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A fresh, migrated database: a new PostgreSQL database when TEST_DATABASE_URL is set, else in-memory PGlite. */
export async function createTestDatabase(
  opts: { poolSize?: number } = {},
): Promise<Database & { drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openPglite(null);
    await database.migrate();
    return { ...database, drop: () => database.close() };
  }
  const name = `wyn_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString(), opts.poolSize ?? 20);
  await database.migrate();
  return {
    ...database,
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      // pool.end() resolves before its sockets have closed; forcing the drop while they close would kill
      // them mid-goodbye and surface as an unhandled 57P01 error. Wait (briefly) for them to leave first.
      for (let i = 0; i < 50; i++) {
        const { rows } = await c.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (!rows[0]?.n) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export type TestApp = {
  app: AppInstance;
  database: Database;
  db: Database['db'];
  config: Config;
  mail: SmtpSink;
  /** Moves the app's clock forward. */
  advance(ms: number): void;
  /**
   * Declares that the running test deliberately provokes server errors: each matcher must match at least one
   * error-level log line or 5xx response (`"503 POST /api/…"`, or the line's message and error text) before the
   * test ends, and only matching ones are tolerated. Any other error line or 5xx fails the test.
   */
  expectServerErrors: ServerErrorWatch['expect'];
  /** Fails (throws) when an error line or a 5xx appeared since the last check; also run by close(). */
  close(): Promise<void>;
};

export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    config?: Partial<Config>;
    telegramApiRoot?: string;
    poolSize?: number;
    /** Also receives the app's log lines (at info and above), for tests that read the log. */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wyn-test-'));
  const mail = await startSmtpSink();
  const database = await createTestDatabase({ poolSize: opts.poolSize });
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
      TELEGRAM_BOT_USERNAME: TEST_BOT_USERNAME,
      TELEGRAM_API_ROOT: opts.telegramApiRoot ?? 'http://127.0.0.1:9',
      SMTP_URL: mail.url,
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      LOG_LEVEL: 'silent',
      ...opts.env,
    },
    opts.config,
  );
  let offset = 0;
  // The app always logs (at info: the request-completed lines carry each response's status) into a watch that
  // fails the test on an unexpected error line or 5xx; without it a 500 during a test would go unseen.
  const watch = createServerErrorWatch(opts.logStream);
  const app = await buildApp({
    config,
    database,
    now: () => new Date(Date.now() + offset),
    logger: watch.logger,
  });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    config,
    mail,
    advance: (ms) => {
      offset += ms;
    },
    expectServerErrors: watch.expect,
    async close() {
      try {
        await app.close();
        await database.drop();
        await mail.close();
        rmSync(dataDir, { recursive: true, force: true });
      } finally {
        watch.release();
      }
      watch.check();
    },
  };
}
