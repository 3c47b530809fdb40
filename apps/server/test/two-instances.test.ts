import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usingPostgres } from './create-test-app.ts';
import { multipartBody, PNG_1PX } from './multipart.ts';
import { startLocalS3, type LocalS3 } from './s3-server.ts';
import { assertNoServerErrors, freePort, startServerProcess, waitForHealth } from './server-process.ts';

/**
 * Issue #13 item 9: two real server processes on one PostgreSQL, one Redis and one S3 server behave as one
 * club. They start at the same moment on an empty database (migrations and seeding take locks), and then
 * whatever one instance did, the other sees: uploads, seed images, live events, rate limits and tokens; and a
 * due quest expires exactly once although both run the expiry scan and its workers.
 */

/** A Redis database of its own, so counters from other suites (db 0) never mix in. */
const REDIS_DB = 11;
const AUTH_MAX = 10;

type Instance = {
  base: string;
  ready: Promise<void>;
  output: () => string;
  stop(): Promise<void>;
  exited: Promise<number | null>;
};

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wyn-instance-'));
  const server = startServerProcess({
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    ...env,
  });
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    ready: waitForHealth(base, server, 90_000),
    exited: server.exited,
    output: server.output,
    async stop() {
      if (server.child.exitCode === null) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe.runIf(usingPostgres)('two instances on one PostgreSQL, Redis and S3 server', { timeout: 180_000 }, () => {
  const dbName = `wyn_two_${randomBytes(5).toString('hex')}`;
  const adminUrl = process.env.TEST_DATABASE_URL!;
  let s3: LocalS3;
  let a: Instance;
  let b: Instance;
  let redis: Redis;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const databaseUrl = new URL(adminUrl);
    databaseUrl.pathname = `/${dbName}`;
    redis = new Redis(`redis://127.0.0.1:6379/${REDIS_DB}`, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    await redis.flushdb();
    s3 = await startLocalS3();
    const shared = {
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: `redis://127.0.0.1:6379/${REDIS_DB}`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      TELEGRAM_WEBHOOK_SECRET: randomBytes(16).toString('hex'),
      RATE_LIMIT_AUTH_MAX: String(AUTH_MAX),
      // Both instances ask for a scan every 2 s instead of every minute.
      QUEST_EXPIRY_SCAN_SECONDS: '2',
      // Hot reads kept a minute (lib/view-cache.ts): only a touch can show a change within a test.
      HOT_READ_CACHE_MS: '60000',
      ...s3.env,
    };
    // The same moment, on an empty database: both migrate and both try to seed.
    const [first, second] = await Promise.all([startInstance(shared), startInstance(shared)]);
    a = first;
    b = second;
    await Promise.all([a.ready, b.ready]);
  }, 150_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    // Everything either instance logged, from start to shutdown: no error-level line.
    for (const instance of [a, b]) if (instance) assertNoServerErrors(instance);
    await s3?.close();
    await redis?.flushdb();
    redis?.disconnect();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  });

  /** Every call to a sign-in route from this address, on either instance: the shared budget they spend. */
  let authCalls = 0;
  const login = async (on: Instance, identifier: string, password = 'wyn-demo-password') => {
    authCalls++;
    return fetch(`${on.base}/api/v1/bot/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier, password }),
    });
  };
  const signIn = async (on: Instance, identifier: string) => {
    const res = await login(on, identifier);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access: string; user: { id: string } };
    return { id: body.user.id, auth: { authorization: `Bearer ${body.access}` } };
  };

  it('(a) start together on an empty database: both run, migrated once and seeded once', async () => {
    // Neither logged an error (a crashed start would not have reached /healthz at all).
    for (const instance of [a, b]) expect(instance.output()).not.toMatch(/"level":(50|60)|duplicate key/);
    const db = new pg.Client({ connectionString: new URL(`/${dbName}`, adminUrl).toString() });
    await db.connect();
    try {
      const { rows: users } = await db.query<{ username: string }>('select username from users order by username');
      expect(users.map((u) => u.username)).toEqual(['ava', 'ben', 'chloe', 'dan', 'eve', 'finn']);
      const { rows: migrations } = await db.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      const { rows: hashes } = await db.query<{ n: number }>(
        'select count(distinct hash)::int as n from drizzle.__drizzle_migrations',
      );
      expect(migrations[0]!.n).toBe(hashes[0]!.n);
    } finally {
      await db.end();
    }
  });

  it('(e) a token issued by A is accepted by B', async () => {
    const ava = await signIn(a, 'ava');
    const me = await fetch(`${b.base}/api/v1/bot/current-user/`, { headers: ava.auth });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { id: string }).id).toBe(ava.id);
  });

  it('(b) a file uploaded through A is served by B; the seed images are served by both', async () => {
    const ava = await signIn(a, 'ava');
    const bytes = Buffer.concat([PNG_1PX, Buffer.from(randomBytes(8).toString('hex'))]);
    const form = multipartBody({}, [{ field: 'file', filename: 'a.png', bytes, type: 'image/png' }]);
    const up = await fetch(`${a.base}/api/v1/club/media/upload/`, {
      method: 'POST',
      headers: { ...ava.auth, ...form.headers },
      body: new Uint8Array(form.payload),
    });
    expect(up.status).toBe(201);
    const { url } = (await up.json()) as { url: string };
    const served = await fetch(`${b.base}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);

    // Seeded by whichever instance won the seed lock; both must serve every seeded image.
    const seeded = new Set<string>();
    for (const list of ['slider-banners', 'featured-quests']) {
      const res = await fetch(`${b.base}/api/v1/club/${list}/`, { headers: ava.auth });
      for (const m of JSON.stringify(await res.json()).match(/\/media\/seed\/[\w-]+\.png/g) ?? []) seeded.add(m);
    }
    expect(seeded.size).toBeGreaterThan(2);
    for (const instance of [a, b])
      for (const image of seeded) {
        const res = await fetch(`${instance.base}${image}`);
        expect(res.status, `${instance.base}${image}`).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/png');
      }
  });

  it('(c) a message sent through A reaches a live stream open on B', async () => {
    const ava = await signIn(a, 'ava');
    const ben = await signIn(b, 'ben');
    const abort = new AbortController();
    const stream = await fetch(`${b.base}/api/v1/club/live/`, { headers: ben.auth, signal: abort.signal });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    let seen = '';
    const heard = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return false;
        seen += new TextDecoder().decode(value);
        if (seen.includes('"type":"message"')) return true;
      }
    })();
    try {
      // The stream is open once its first bytes arrive; give the LISTEN on B a moment to be in place.
      await new Promise((r) => setTimeout(r, 300));
      const sent = await fetch(`${a.base}/api/v1/club/messages/`, {
        method: 'POST',
        headers: { ...ava.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'from instance A', receiver: ben.id }),
      });
      expect(sent.status).toBe(201);
      const { id } = (await sent.json()) as { id: string };
      const timeout = new Promise<false>((r) => setTimeout(() => r(false), 5_000));
      expect(await Promise.race([heard, timeout])).toBe(true);
      expect(seen).toContain(id);
    } finally {
      abort.abort();
      await heard.catch(() => false);
    }
  });

  it('(f) a due quest expires exactly once: one quest.expired event, one refund, the creator refunded once', async () => {
    const ava = await signIn(a, 'ava');
    const balance = async () => {
      const res = await fetch(`${b.base}/api/v1/club/wallets/my_wallet/`, { headers: ava.auth });
      return ((await res.json()) as { balance: string }).balance;
    };
    const before = await balance();
    // Three places of 10 W staked in escrow; nobody joins, so all 30 W come back at the deadline.
    const created = await fetch(`${a.base}/api/v1/club/tasks/`, {
      method: 'POST',
      headers: { ...ava.auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Follow our studio before it closes',
        description: 'Follow the studio account on Instagram and send your handle.',
        reward_amount: '10.00',
        task_type: 'follow',
        social_platform: '@wyn.studio',
        max_participants: 3,
        deadline: new Date(Date.now() + 8_000).toISOString(),
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const questId = ((await created.json()) as { id: string }).id;
    expect(await balance()).not.toBe(before);

    const db = new pg.Client({ connectionString: new URL(`/${dbName}`, adminUrl).toString() });
    await db.connect();
    try {
      const count = async (query: string) => (await db.query<{ n: number }>(query, [questId])).rows[0]!.n;
      const status = async () =>
        (await db.query<{ status: string }>('select status from quests where id = $1', [questId])).rows[0]!.status;
      const end = Date.now() + 60_000;
      while ((await status()) !== 'expired') {
        if (Date.now() > end) throw new Error('the quest did not expire within a minute of its deadline');
        await new Promise((r) => setTimeout(r, 250));
      }
      // Several more scans on both instances (every 2 s): none expires it again.
      await new Promise((r) => setTimeout(r, 6_000));
      expect(
        await count(
          "select count(*)::int as n from outbox_events where type = 'quest.expired' and payload->>'questId' = $1",
        ),
      ).toBe(1);
      expect(
        await count(
          "select count(*)::int as n from transactions where transaction_type = 'unstake' and related_entity_id = $1",
        ),
      ).toBe(1);
      expect(await balance()).toBe(before);
      // The scans really ran every few seconds meanwhile (not one minute's cron), each slot's once.
      const scans = await db.query<{ slot: string; n: number }>(
        `select singleton_on::text as slot, count(*)::int as n from pgboss.job
         where name = 'quest-expiry-scan' and state = 'completed' and singleton_on is not null group by 1`,
      );
      expect(scans.rows.length).toBeGreaterThanOrEqual(3);
      expect(scans.rows.every((r) => r.n === 1)).toBe(true);
    } finally {
      await db.end();
    }
  });

  it('(g) a quest detail B keeps in memory shows an edit made through A once its event arrives', async () => {
    const [ava, ben] = [await signIn(a, 'ava'), await signIn(b, 'ben')];
    const json = { 'content-type': 'application/json' };
    const created = await fetch(`${a.base}/api/v1/club/tasks/`, {
      method: 'POST',
      headers: { ...ava.auth, ...json },
      body: JSON.stringify({
        title: 'Kept on B',
        description: 'Follow the studio account on Instagram and send your handle.',
        reward_amount: '1.00',
        task_type: 'follow',
        social_platform: '@wyn.studio',
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const questId = ((await created.json()) as { id: string }).id;
    const onB = async () => {
      const res = await fetch(`${b.base}/api/v1/club/tasks/${questId}/`, { headers: ben.auth });
      expect(res.status).toBe(200);
      return (await res.json()) as { title: string; shares_count: number };
    };
    expect(await onB()).toMatchObject({ title: 'Kept on B', shares_count: 0 });
    // Changed by hand, which sends no event: B answers what it keeps.
    const db = new pg.Client({ connectionString: new URL(`/${dbName}`, adminUrl).toString() });
    await db.connect();
    try {
      await db.query('update quests set shares_count = 7 where id = $1', [questId]);
    } finally {
      await db.end();
    }
    expect((await onB()).shares_count).toBe(0);
    // Edited through A: quest.updated reaches B on the NOTIFY, and B drops its view.
    const edited = await fetch(`${a.base}/api/v1/club/tasks/${questId}/`, {
      method: 'PATCH',
      headers: { ...ava.auth, ...json },
      body: JSON.stringify({ title: 'Edited on A' }),
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    const end = Date.now() + 20_000;
    let seen = await onB();
    while (seen.title !== 'Edited on A' && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 100));
      seen = await onB();
    }
    expect(seen).toMatchObject({ title: 'Edited on A', shares_count: 7 });
  });

  it('(d) rate limits are shared: the sign-in budget of one address is spent on both instances together', async () => {
    const statuses: number[] = [];
    // Alternate instances; each alone would allow AUTH_MAX calls a minute, so the refusal proves one count.
    for (let i = 0; authCalls < AUTH_MAX + 2; i++) {
      const res = await login(i % 2 === 0 ? a : b, 'nobody-here', 'wrong password');
      statuses.push(res.status);
    }
    const firstRefused = statuses.indexOf(429);
    // Calls before this test spent part of the budget; the first refusal is the (AUTH_MAX + 1)th call overall.
    expect(firstRefused).toBe(statuses.length - 2);
    expect(statuses.slice(firstRefused)).toEqual([429, 429]);
    expect(statuses.slice(0, firstRefused).every((s) => s === 401 || s === 400)).toBe(true);
  });
});
