import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { usingPostgres } from '../../test/create-test-app.ts';
import { openPglite } from './client.ts';
import { users } from './schema/index.ts';

/** The command-line tools as real processes on a throwaway embedded database. */
const serverDir = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'wyn-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function run(script: string, args: string[] = []): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', LOG_LEVEL: 'warn', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

async function isStaff(username: string) {
  const database = await openPglite(dataDir);
  try {
    const [row] = await database.db.select({ isStaff: users.isStaff }).from(users).where(eq(users.username, username));
    return row?.isStaff;
  } finally {
    await database.close();
  }
}

// These processes use the embedded database whatever TEST_DATABASE_URL says, so they run in the PGlite pass
// only. Each seeds or opens PGlite from scratch; on a loaded 2-core machine that can take over 30 s.
describe.skipIf(usingPostgres)('command-line tools', { timeout: 180_000 }, () => {
  it('db:seed seeds an empty database, then leaves it alone', async () => {
    const first = await run('src/db/seed.cli.ts');
    expect(first.output).toContain('Seeded the demo content');
    expect(first.code).toBe(0);
    const again = await run('src/db/seed.cli.ts');
    expect(again.code).toBe(0);
    expect(again.output).toContain('nothing seeded');
  });

  it('admin --grant and --revoke change is_staff, and name a missing member clearly', async () => {
    const grant = await run('src/admin.cli.ts', ['--grant', 'ava']);
    expect(grant.output).toContain('ava is now staff');
    expect(grant.code).toBe(0);
    expect(await isStaff('ava')).toBe(true);
    const revoke = await run('src/admin.cli.ts', ['--revoke', '@AVA']);
    expect(revoke.code).toBe(0);
    expect(await isStaff('ava')).toBe(false);
    const disable = await run('src/admin.cli.ts', ['--disable', 'ava']);
    expect(disable.code).toBe(0);
    expect(disable.output).toContain('ava is disabled');
    const enable = await run('src/admin.cli.ts', ['--enable', 'ava']);
    expect(enable.output).toContain('ava is enabled again');
    const missing = await run('src/admin.cli.ts', ['--grant', 'nobody']);
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('No member has the username "nobody"');
    const usage = await run('src/admin.cli.ts', []);
    expect(usage.code).toBe(1);
    expect(usage.output).toContain('Usage');
  });

  it('db:seed --reset refuses, with the reason, while a running process holds the database', async () => {
    writeFileSync(path.join(dataDir, 'wyn.lock'), String(process.pid));
    try {
      const res = await run('src/db/seed.cli.ts', ['--reset']);
      expect(res.code).toBe(1);
      expect(res.output).toContain(`is in use by process ${process.pid}`);
      expect(res.output).not.toMatch(/\n\s+at /); // no stack trace
    } finally {
      rmSync(path.join(dataDir, 'wyn.lock'), { force: true });
    }
    const reset = await run('src/db/seed.cli.ts', ['--reset']);
    expect(reset.output).toContain('Database reset and seeded');
    expect(reset.code).toBe(0);
  });
});
