import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usingPostgres } from '../test/create-test-app.ts';
import { assertNoServerErrors, freePort } from '../test/server-process.ts';

/**
 * Stopping the real process (issue #12 item 16): a signal to `npm start` reaches the server, which stops
 * accepting, lets in-flight requests finish, then closes the database and frees the data-directory lock.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const serverDir = path.join(root, 'apps/server');
const dataDir = mkdtempSync(path.join(tmpdir(), 'wyn-shutdown-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function start(command: string, args: string[], cwd: string, env: Record<string, string>) {
  const child = spawn(command, args, {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => output };
}

async function waitForHealth(port: number, p: ReturnType<typeof start>) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline || p.child.exitCode !== null) throw new Error(`server did not start:\n${p.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const scripts: Record<string, string> = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;

// `npm start` uses the embedded database: PGlite pass only (like main.test.ts).
describe.skipIf(usingPostgres)('npm start', { timeout: 180_000 }, () => {
  // `start:server` runs the production bundle (decision 0016), which `npm run build` makes: built here from the
  // sources under test, so the signals reach what production runs.
  beforeAll(() => {
    execFileSync(process.execPath, [path.join(serverDir, 'scripts/build.mjs')], { stdio: 'ignore' });
  }, 120_000);

  it('is the web build followed by exactly `npm run start:server`', () => {
    // So signalling `npm run start:server` (no build: fast, and independent of the web app's state)
    // exercises the same process chain as `npm start`: npm, then the server in place of npm's shell.
    expect(scripts.start).toBe(`npm run build && ${scripts['start:server']}`);
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('stops the server and frees the lock when npm gets %s', async (signal) => {
    const port = await freePort();
    const npm = start('npm', ['run', 'start:server'], root, {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    });
    await waitForHealth(port, npm);
    const lock = path.join(dataDir, 'wyn.lock');
    const serverPid = Number(readFileSync(lock, 'utf8').trim());
    expect(serverPid).not.toBe(npm.child.pid);

    try {
      npm.child.kill(signal);
      const { code } = await npm.exited;
      // npm returns once its child has gone; give a stray server a moment to show it would have stayed.
      await new Promise((r) => setTimeout(r, 500));
      expect(alive(serverPid), `server ${serverPid} still running after npm exited:\n${npm.output()}`).toBe(false);
      expect(existsSync(lock)).toBe(false);
      expect(code).toBe(0);
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    } finally {
      // A server left behind by a failing run is stopped here, so it does not outlive the test.
      if (alive(serverPid)) process.kill(serverPid, 'SIGTERM');
    }
    assertNoServerErrors(npm);
  });
});

// A real server on PostgreSQL (its pool is what a shutdown must not close under running requests).
describe.runIf(usingPostgres)('graceful shutdown under load', { timeout: 180_000 }, () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `wyn_t_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(sql);
    await c.end();
  };
  afterAll(() => admin(`drop database if exists ${name} with (force)`));

  it('lets in-flight requests finish (no 500) and exits 0', async () => {
    await admin(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const port = await freePort();
    const server = start(process.execPath, ['src/main.ts'], serverDir, {
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      LOG_LEVEL: 'info',
    });
    await waitForHealth(port, server);
    const base = `http://127.0.0.1:${port}`;
    const signIn = await fetch(`${base}/api/v1/bot/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: 'ava', password: 'wyn-demo-password' }),
    });
    expect(signIn.status).toBe(200);
    const { access } = (await signIn.json()) as { access: string };

    // Many concurrent authenticated reads queue on the pool; the signal comes while they are running.
    const N = 300;
    const SIGNAL_AFTER = 10;
    let signalledAt = 0;
    let answered = 0;
    const outcomes = await Promise.all(
      Array.from({ length: N }, async () => {
        try {
          const res = await fetch(`${base}/api/v1/club/tasks/?page_size=50`, {
            headers: { authorization: `Bearer ${access}` },
          });
          const body = await res.text();
          // By the time the first answers come back, the rest are queued on the server.
          if (++answered === SIGNAL_AFTER) {
            signalledAt = performance.now();
            server.child.kill('SIGTERM');
          }
          return { status: res.status, at: performance.now(), body };
        } catch (err) {
          return { status: 0, at: performance.now(), body: String((err as Error).cause ?? err) };
        }
      }),
    );
    const { code } = await server.exited;
    const histogram: Record<number, number> = {};
    for (const o of outcomes) histogram[o.status] = (histogram[o.status] ?? 0) + 1;
    const finishedAfterSignal = outcomes.filter((o) => o.status === 200 && o.at > signalledAt).length;
    console.info(
      `${N} reads, SIGTERM during them: statuses ${JSON.stringify(histogram)} (0 = refused), ` +
        `${finishedAfterSignal} answered 200 after the signal; exit code ${code}`,
    );
    // Requests refused at the socket (never read by the server) are a client-side error, not a 500; every
    // request the server did take in was answered.
    const log = server.output();
    const taken = log.match(/"msg":"incoming request"/g)?.length ?? 0;
    const answeredByServer = log.match(/"msg":"request completed"/g)?.length ?? 0;
    console.info(`server took in ${taken} requests and completed ${answeredByServer}`);
    expect(answeredByServer).toBe(taken);
    expect(
      outcomes.filter((o) => o.status === 0).every((o) => /ECONNRESET|ECONNREFUSED|other side closed/.test(o.body)),
    ).toBe(true);
    expect(outcomes.filter((o) => o.status >= 500 && o.status !== 503).map((o) => o.body)).toEqual([]);
    expect(finishedAfterSignal).toBeGreaterThan(0);
    expect(code).toBe(0);
    assertNoServerErrors(server);
  });
});
