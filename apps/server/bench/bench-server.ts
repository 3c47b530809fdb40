import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPostgres, type Database } from '../src/db/client.ts';
import { PRODUCTION_ENV, PRODUCTION_NODE_FLAGS, SERVER_BUNDLE } from '../scripts/production.ts';

/**
 * For the sections that measure how the database's reads grow with its size: the hot-read cache off (decision 0019),
 * which would otherwise answer each repeated read from memory and measure nothing of the database.
 */
export const DATABASE_READS = { HOT_READ_CACHE_MS: '0' };

export const adminUrl = process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type BenchServer = {
  base: string;
  dbUrl: string;
  jwtSecret: string;
  /** The server process, for its memory (`/proc/<pid>/status`). */
  pid: number;
  /** A direct connection to the server's database, for fixtures and invariant checks. */
  database: Database;
  stop(): Promise<void>;
};

/**
 * A fresh PostgreSQL database and the real server process on it (production mode, seeded by `main.ts`).
 * `env` adds to (or overrides) the server's environment.
 */
export async function startBenchServer(
  port: number,
  name: string,
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const dbName = `wyn_bench_${name}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const dbUrl = url.toString();
  const jwtSecret = randomBytes(32).toString('hex');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wyn-bench-'));
  const base = `http://127.0.0.1:${port}`;
  // BENCH_NODE_ARGS: flags for the server process only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // The production bundle with production's flags (`npm run bench` builds it first).
  const server: ChildProcess = spawn(process.execPath, [...PRODUCTION_NODE_FLAGS, ...nodeArgs, SERVER_BUNDLE], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      ...PRODUCTION_ENV,
      NODE_ENV: 'production',
      JWT_SECRET: jwtSecret,
      DATABASE_URL: dbUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH_MAX: '100000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let stopping = false;
  server.once('exit', (code, signal) => {
    if (!stopping) console.error(`bench server (${name}) exited during the run: code ${code}, signal ${signal}`);
  });
  const stopProcess = async () => {
    stopping = true;
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
  };
  const dropDatabase = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${dbName} with (force)`);
    await c.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; ; i++) {
      const up = await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (i > 600 || server.exitCode !== null) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
  } catch (err) {
    await stopProcess();
    await dropDatabase();
    throw err;
  }
  const database = await openPostgres(dbUrl, 10);
  return {
    base,
    dbUrl,
    jwtSecret,
    pid: server.pid!,
    database,
    async stop() {
      await database.close();
      await stopProcess();
      await dropDatabase();
    },
  };
}

/** Signs in a seeded demo member through the real login call. */
export async function demoLogin(base: string, username = 'ava'): Promise<Record<string, string>> {
  const login = await fetch(`${base}/api/v1/bot/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: username, password: 'wyn-demo-password' }),
  });
  if (!login.ok) throw new Error(`demo login failed: ${login.status} ${await login.text()}`);
  const { access } = (await login.json()) as { access: string };
  return { authorization: `Bearer ${access}` };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
