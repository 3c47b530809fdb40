import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, usingPostgres } from '../../test/create-test-app.ts';
import { createMember } from '../../test/users.ts';
import { assertNoServerErrors, freePort, startServerProcess } from '../../test/server-process.ts';
import { loadConfig } from '../config.ts';
import { notifications, outboxEvents } from '../db/schema/index.ts';
import { LIVE_CHANNEL } from '../integrations/live-events.ts';

/**
 * THE CRASH TEST: a real server process commits a follow, is killed (SIGKILL) before the follow's consumers
 * run, and is started again: the notification and its live event arrive exactly once.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'wyn-crash-'));
const JWT_SECRET = 'crash-test-secret-crash-test-secret-0123456789';

const start = (env: Record<string, string>) =>
  startServerProcess({ DATA_DIR: dataDir, JWT_SECRET, WEB_DIST: path.join(dataDir, 'no-web-build'), ...env });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => Promise<boolean>, what: string, ms = 60_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe.runIf(usingPostgres)(
  'events survive a crash between commit and delivery (PostgreSQL)',
  { timeout: 240_000 },
  () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let listener: pg.Client;
    const wire: { user_id: string; type: string; id?: string }[] = [];
    beforeAll(async () => {
      database = await createTestDatabase();
      listener = new pg.Client({ connectionString: (database.queueConnection as { url: string }).url });
      await listener.connect();
      listener.on('notification', (n) => wire.push(JSON.parse(n.payload!)));
      await listener.query(`listen ${LIVE_CHANNEL}`);
    });
    afterAll(async () => {
      await listener?.end();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('SIGKILL after the commit, restart: the notification and its live event are delivered once', async () => {
      const url = (database.queueConnection as { url: string }).url;
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET, DATABASE_URL: url });
      const ava = await createMember({ db: database.db, config });
      const ben = await createMember({ db: database.db, config });
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const healthy = () =>
        fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        );

      // 1. Consumers wait a minute after each commit: the process is killed in that window.
      const first = start({
        PORT: String(port),
        DATABASE_URL: url,
        EVENTS_DELIVERY_DELAY_MS: '60000',
        EVENTS_SWEEP_MS: '3600000',
      });
      await until(healthy, `the first process to start:\n${first.output()}`);
      const pending = fetch(`${base}/api/v1/club/profiles/${ben.user.id}/follow/`, {
        method: 'POST',
        headers: ava.auth,
      }).catch(() => null);
      const committed = async () =>
        (await database.db.select().from(outboxEvents).where(eq(outboxEvents.type, 'follow.created'))).length > 0;
      await until(committed, 'the follow to commit');
      first.child.kill('SIGKILL');
      await first.exited;
      expect(await pending).toBeNull(); // the member never got an answer
      const bens = () => database.db.select().from(notifications).where(eq(notifications.userId, ben.user.id));
      expect(await bens()).toEqual([]);
      expect(wire.filter((e) => e.user_id === ben.user.id)).toEqual([]);
      const [event] = await database.db.select().from(outboxEvents).where(eq(outboxEvents.type, 'follow.created'));
      expect(event!.dispatchedAt).toBeNull();

      // 2. A fresh process finds the undelivered event and delivers it.
      const second = start({ PORT: String(port), DATABASE_URL: url, EVENTS_SWEEP_MS: '500' });
      try {
        await until(healthy, `the second process to start:\n${second.output()}`);
        await until(async () => (await bens()).length > 0, `the notification:\n${second.output()}`);
        await sleep(3000); // several more sweeps and queue polls: nothing is delivered twice
        const rows = await bens();
        expect(rows.map((r) => [r.notificationType, r.link])).toEqual([['follow', `/profile/${ava.user.id}`]]);
        expect(wire.filter((e) => e.user_id === ben.user.id)).toEqual([
          { user_id: ben.user.id, type: 'notification', id: rows[0]!.id },
        ]);
        const [after] = await database.db.select().from(outboxEvents).where(eq(outboxEvents.id, event!.id));
        expect(after!.dispatchedAt).not.toBeNull();
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
      }
      assertNoServerErrors(first);
      assertNoServerErrors(second);
    });
  },
);
