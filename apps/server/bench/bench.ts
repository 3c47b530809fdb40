/**
 * `npm run bench`: the hot reads of DESIGN §7 against the real server on PostgreSQL, 100 connections.
 * Each hot read must reach half the requests per second of a bare endpoint (one indexed query on the same
 * stack, authenticated the same way) in the same run, with p99 under 50 ms.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const adminUrl = process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const port = Number(process.env.BENCH_PORT ?? 3999);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const base = `http://127.0.0.1:${port}`;

async function main() {
  const dbName = `wyn_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wyn-bench-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATABASE_URL: dbUrl.toString(),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH_MAX: '100000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      if (
        await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 300 || server.exitCode !== null) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    const login = await fetch(`${base}/api/v1/bot/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: 'ava', password: 'wyn-demo-password' }),
    });
    if (!login.ok) throw new Error(`demo login failed: ${login.status} ${await login.text()}`);
    const { access } = (await login.json()) as { access: string };
    const headers = { authorization: `Bearer ${access}` };

    const firstId = async (path: string) => {
      const res = await fetch(`${base}${path}`, { headers });
      const body = (await res.json()) as { results?: Array<{ id: string }> };
      const id = body.results?.[0]?.id;
      if (!id) throw new Error(`no seeded item at ${path}`);
      return id;
    };
    const questId = await firstId('/api/v1/club/tasks/?page_size=1');
    const perkId = await firstId('/api/v1/club/perks/?page_size=1');
    const targets: Array<{ name: string; path: string; baseline?: boolean }> = [
      { name: 'bare (wallets/my_wallet/)', path: '/api/v1/club/wallets/my_wallet/', baseline: true },
      { name: 'homepage/complete/', path: '/api/v1/club/homepage/complete/' },
      { name: 'tasks/{id}/', path: `/api/v1/club/tasks/${questId}/` },
      { name: 'perks/{id}/details/', path: `/api/v1/club/perks/${perkId}/details/` },
    ];
    const rows: Array<{ name: string; rps: number; p99: number; errors: number; baseline?: boolean }> = [];
    for (const t of targets) {
      // Warm up, then measure.
      await autocannon({ url: base + t.path, headers, connections: 10, duration: 2 });
      const r = await autocannon({ url: base + t.path, headers, connections, duration });
      rows.push({
        name: t.name,
        rps: r.requests.average,
        p99: r.latency.p99,
        errors: r.non2xx + r.errors,
        baseline: t.baseline,
      });
    }
    const bare = rows.find((r) => r.baseline)!;
    let failed = false;
    console.info(`\n${connections} connections, ${duration} s each, PostgreSQL\n`);
    console.info('endpoint'.padEnd(30), 'req/s'.padStart(8), 'p99 ms'.padStart(8), 'non-2xx'.padStart(8), '  budget');
    for (const r of rows) {
      const ok = r.baseline || (r.rps >= bare.rps / 2 && r.p99 < 50 && r.errors === 0);
      if (!ok) failed = true;
      console.info(
        r.name.padEnd(30),
        r.rps.toFixed(0).padStart(8),
        String(r.p99).padStart(8),
        String(r.errors).padStart(8),
        r.baseline ? '  (baseline)' : ok ? '  ok' : '  MISSED',
      );
    }
    process.exitCode = failed ? 1 : 0;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
