import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { usingPostgres } from '../test/create-test-app.ts';
import { assertNoServerErrors, freePort, serverDir, startServerProcess } from '../test/server-process.ts';

/** The real process: start-up checks, the PGlite lock, graceful shutdown. */
const rootPackage = JSON.parse(readFileSync(path.resolve(serverDir, '../../package.json'), 'utf8'));
const pinnedNode: string = rootPackage.dependencies.node;
const dataDir = mkdtempSync(path.join(tmpdir(), 'wyn-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const started: ReturnType<typeof startServerProcess>[] = [];
const start = (env: Record<string, string>) => {
  const p = startServerProcess({ DATA_DIR: dataDir, ...env });
  started.push(p);
  return p;
};
// Refused starts say why on stderr in plain words, not as error-level log lines: none of these logged one.
afterAll(() => started.forEach((p) => assertNoServerErrors(p)));

// The process uses the embedded database whatever TEST_DATABASE_URL says: PGlite pass only.
describe.skipIf(usingPostgres)('the server process', { timeout: 180_000 }, () => {
  it('refuses a bad configuration value, naming the variable', async () => {
    const p = start({ PORT: 'not-a-port' });
    expect(await p.exited).toBe(1);
    expect(p.output()).toMatch(/PORT/);
  });

  it('requires JWT_SECRET in production', async () => {
    const p = start({ NODE_ENV: 'production', PORT: '0' });
    expect(await p.exited).toBe(1);
    expect(p.output()).toMatch(/JWT_SECRET: required/);
  });

  // Two real server processes start here; on a loaded 2-core machine that can take a while.
  it(
    'locks the embedded database against a second process and shuts down cleanly on SIGTERM',
    { timeout: 120_000 },
    async () => {
      const port = await freePort();
      const first = start({ PORT: String(port) });
      const deadline = Date.now() + 60_000;
      for (;;) {
        const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        if (Date.now() > deadline || first.child.exitCode !== null)
          throw new Error(`server did not start:\n${first.output()}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(existsSync(path.join(dataDir, 'wyn.lock'))).toBe(true);
      // A first start on an empty data directory is quiet at LOG_LEVEL=warn: nothing to warn about.
      expect(first.output()).not.toMatch(/"level":(40|50|60)/);
      // The project brings its own Node (decision 0008): the process runs on exactly the pinned version.
      const health = (await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.json())) as { node: string };
      expect(health.node).toBe(`v${pinnedNode}`);

      const second = start({ PORT: String(await freePort()) });
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/is in use by process \d+/);

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(existsSync(path.join(dataDir, 'wyn.lock'))).toBe(false);
    },
  );
});
