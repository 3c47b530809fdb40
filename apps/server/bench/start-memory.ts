import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PRODUCTION_NODE_FLAGS, SERVER_BUNDLE } from '../scripts/production.ts';
import { adminUrl } from './bench-server.ts';
import { mb, type ResultTable } from './results.ts';

/** Resident memory of a process now (Linux), in bytes. */
export function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) * 1024;
}

type Start = { healthyMs: number; idleRss: number };

/** A port nobody listens on now (another bench may hold BENCH_PORT): a healthy answer is then this server's. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the production bundle, times it to a healthy /healthz, waits `idleMs`, reads its memory, stops it. */
async function startOnce(env: Record<string, string>, idleMs: number): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...PRODUCTION_NODE_FLAGS, SERVER_BUNDLE], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (performance.now() - started > 120_000) throw new Error('server did not start in 120 s');
      await new Promise((r) => setTimeout(r, 20));
    }
    const healthyMs = performance.now() - started;
    await new Promise((r) => setTimeout(r, idleMs));
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    return { healthyMs, idleRss: rssOf(child.pid!) };
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  }
}

/**
 * Start and memory (docs/performance.md): the production bundle on a seeded PostgreSQL database and on a seeded
 * PGlite data directory (the first start seeds, the second is measured), and on an empty data directory.
 */
export async function startAndMemory(table: ResultTable, idleMs = 8000) {
  const secret = { JWT_SECRET: randomBytes(32).toString('hex') };
  const dbName = `wyn_bench_start_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const dirs: string[] = [];
  const dir = () => {
    const d = mkdtempSync(path.join(tmpdir(), 'wyn-bench-start-'));
    dirs.push(d);
    return d;
  };
  try {
    const pgEnv = { ...secret, DATABASE_URL: url.toString(), DATA_DIR: dir() };
    await startOnce(pgEnv, 0);
    const onPg = await startOnce(pgEnv, idleMs);
    const pgliteEnv = { ...secret, DATA_DIR: dir() };
    const empty = await startOnce(pgliteEnv, idleMs);
    const onPglite = await startOnce(pgliteEnv, idleMs);
    const s = (n: number) => `${(n / 1000).toFixed(2)} s`;
    table.add({
      section: 'start',
      figure: 'PostgreSQL, seeded: start to healthy',
      value: s(onPg.healthyMs),
      budget: '≤ 1 s',
      pass: onPg.healthyMs <= 1000,
    });
    table.add({
      section: 'start',
      figure: 'PGlite, seeded data directory: start to healthy',
      value: s(onPglite.healthyMs),
      budget: '≤ 2 s',
      pass: onPglite.healthyMs <= 2000,
    });
    table.add({
      section: 'start',
      figure: 'PGlite, empty data directory (migrate, seed)',
      value: s(empty.healthyMs),
      budget: '—',
      pass: null,
    });
    table.add({
      section: 'memory',
      figure: 'PostgreSQL: idle RSS',
      value: mb(onPg.idleRss),
      budget: '≤ 120 MB',
      pass: onPg.idleRss <= 120 * 2 ** 20,
    });
    table.add({
      section: 'memory',
      figure: 'PGlite: idle RSS',
      value: mb(onPglite.idleRss),
      budget: '≤ 250 MB',
      pass: onPglite.idleRss <= 250 * 2 ** 20,
    });
    table.add({
      section: 'memory',
      figure: 'PGlite, empty data directory: RSS after start',
      value: mb(empty.idleRss),
      budget: '—',
      pass: null,
    });
  } finally {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}
