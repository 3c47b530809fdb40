import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PRODUCTION_ENV, PRODUCTION_NODE_FLAGS, SERVER_BUNDLE } from '../scripts/production.ts';
import { adminUrl } from './bench-server.ts';
import { mb, type ResultTable } from './results.ts';

/** Resident memory of a process now (Linux), in bytes. */
export function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) * 1024;
}

/** Time to a healthy answer, and resident memory at each of the sample times after it. */
type Start = { healthyMs: number; rss: number[] };

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

/** Starts the production bundle, times it to a healthy /healthz, reads its memory `sampleMs` after that, stops it. */
async function startOnce(env: Record<string, string>, sampleMs: number[]): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...PRODUCTION_NODE_FLAGS, SERVER_BUNDLE], {
    env: {
      ...process.env,
      ...PRODUCTION_ENV,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
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
    const healthy = performance.now();
    const rss: number[] = [];
    for (const at of sampleMs) {
      await new Promise((r) => setTimeout(r, Math.max(0, healthy + at - performance.now())));
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      rss.push(rssOf(child.pid!));
    }
    return { healthyMs: healthy - started, rss };
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** `runs` starts of the same server one after the other: the median start, and the median memory at each sample. */
async function startsOf(env: Record<string, string>, runs: number, sampleMs: number[]): Promise<Start> {
  const all: Start[] = [];
  for (let i = 0; i < runs; i++) all.push(await startOnce(env, sampleMs));
  return {
    healthyMs: median(all.map((s) => s.healthyMs)),
    rss: sampleMs.map((_, i) => median(all.map((s) => s.rss[i]!))),
  };
}

/**
 * When memory is read after a start. 8 s: what the server holds just after starting, its start-up garbage still in
 * the heap. 30 s: idle, after V8's first idle collection (about 10 s into the process) has given that back; the
 * budget is judged there (decision 0016 addendum).
 */
const JUST_STARTED_MS = 8_000;
const SETTLED_MS = 30_000;

/**
 * Start and memory (docs/performance.md): the production bundle on a seeded PostgreSQL database and on a seeded
 * PGlite data directory (the first start seeds, the next ones are measured), and on an empty data directory.
 */
export async function startAndMemory(table: ResultTable, runs = 3) {
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
    const samples = [JUST_STARTED_MS, SETTLED_MS];
    const pgEnv = { ...secret, DATABASE_URL: url.toString(), DATA_DIR: dir() };
    await startOnce(pgEnv, []);
    const onPg = await startsOf(pgEnv, runs, samples);
    const pgliteEnv = { ...secret, DATA_DIR: dir() };
    const empty = await startOnce(pgliteEnv, [JUST_STARTED_MS]);
    const onPglite = await startsOf(pgliteEnv, runs, samples);
    const s = (n: number) => `${(n / 1000).toFixed(2)} s`;
    const of = `median of ${runs}`;
    table.add({
      section: 'start',
      figure: `PostgreSQL, seeded: start to healthy (${of})`,
      value: s(onPg.healthyMs),
      budget: '≤ 1 s',
      pass: onPg.healthyMs <= 1000,
    });
    table.add({
      section: 'start',
      figure: `PGlite, seeded data directory: start to healthy (${of})`,
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
    const memory = (name: string, start: Start, budgetMb: number) => {
      table.add({
        section: 'memory',
        figure: `${name}: RSS 8 s after healthy (${of})`,
        value: mb(start.rss[0]!),
        budget: '—',
        pass: null,
      });
      table.add({
        section: 'memory',
        figure: `${name}: idle RSS, 30 s after healthy (${of})`,
        value: mb(start.rss[1]!),
        budget: `≤ ${budgetMb} MB`,
        pass: start.rss[1]! <= budgetMb * 2 ** 20,
      });
    };
    memory('PostgreSQL', onPg, 120);
    memory('PGlite', onPglite, 250);
    table.add({
      section: 'memory',
      figure: 'PGlite, empty data directory: RSS 8 s after start',
      value: mb(empty.rss[0]!),
      budget: '—',
      pass: null,
    });
  } finally {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}
