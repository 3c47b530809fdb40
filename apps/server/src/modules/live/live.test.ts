import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, type LiveEvent } from '@wyn/contract';
import { sql } from 'drizzle-orm';
import { createTestApp, usingPostgres, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { createTokenSigner } from '../../lib/tokens.ts';
import { setAccountActive } from '../auth/account-access.service.ts';
import { startSession } from '../auth/sessions.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { MAX_STREAMS_PER_MEMBER } from './live.routes.ts';

/** Over real HTTP (app.inject cannot stream): the server listens on a free port. */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `${address}/api/v1/club`;
});
afterAll(async () => {
  // fetch keeps its sockets alive for a few seconds; drop them so closing does not wait for that.
  t.app.server.closeAllConnections();
  await t.close();
});

type Stream = {
  status: number;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  events: LiveEvent[];
  /** Resolves with the first event (already received or arriving within `ms`) that matches. */
  waitFor(match: (e: LiveEvent) => boolean, ms?: number): Promise<LiveEvent>;
  close(): void;
};

async function openStream(token?: string): Promise<Stream> {
  const controller = new AbortController();
  const res = await fetch(`${base}/live/`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: controller.signal,
  });
  const events: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  let ended: Promise<void> = Promise.resolve();
  if (res.ok && res.body) {
    ended = (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = block
              .split('\n')
              .filter((l) => l.startsWith('data: '))
              .map((l) => l.slice(6))
              .join('\n');
            if (data) events.push(JSON.parse(data) as LiveEvent);
            for (const w of waiters) w();
          }
        }
      } catch {
        /* aborted */
      }
    })();
  }
  return {
    status: res.status,
    ended,
    events,
    waitFor(match, ms = 1000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events)}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('GET live/ (server-sent events)', () => {
  it('is 401 without a valid token, with an expired one, and with a refresh token', async () => {
    expect((await openStream()).status).toBe(401);
    expect((await openStream('not-a-token')).status).toBe(401);
    const a = await createMember(t);
    const longAgo = new Date(Date.now() - LIMITS.accessTokenSeconds * 1000 - 5_000);
    const expired = await createTokenSigner(t.config.jwtSecret, () => longAgo).signAccess(a.user.id, false);
    expect((await openStream(expired.token)).status).toBe(401);
    const deps = { signer: createTokenSigner(t.config.jwtSecret), now: () => new Date(), database: t.database };
    const session = await t.db.transaction((tx) => startSession(tx, deps, a.user));
    expect((await openStream(session.refresh)).status).toBe(401);
    const ok = await openStream(session.access);
    ok.close();
    expect(ok.status).toBe(200);
  });

  it('closes the streams of an account as soon as it is disabled', async () => {
    const a = await createMember(t);
    const stream = await openStream(a.token);
    expect(stream.status).toBe(200);
    await setAccountActive(t.db, a.user.id, false, new Date());
    await stream.waitFor((e) => e.type === 'account_disabled');
    await stream.ended;
    expect((await openStream(a.token)).status).toBe(401);
  });

  it('answers with an event stream', async () => {
    const a = await createMember(t);
    const res = await fetch(`${base}/live/`, { headers: a.auth });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    await res.body?.cancel();
  });

  it('delivers a new message and its notification to the receiver within a second, and not to others', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    const eve = await createMember(t);
    const bStream = await openStream(b.token);
    const bOtherTab = await openStream(b.token);
    const aStream = await openStream(a.token);
    const eveStream = await openStream(eve.token);
    try {
      const sent = await fetch(`${base}/messages/`, {
        method: 'POST',
        headers: { ...a.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'hello over the wire', receiver: b.user.id }),
      });
      expect(sent.status).toBe(201);
      const message = (await sent.json()) as { id: string };

      for (const s of [bStream, bOtherTab]) {
        await expect(s.waitFor((e) => e.type === 'message')).resolves.toEqual({
          type: 'message',
          id: message.id,
          from: a.user.id,
        });
        await expect(s.waitFor((e) => e.type === 'notification')).resolves.toMatchObject({ type: 'notification' });
      }
      // The sender's other tabs hear of it too (no notification for the sender).
      await expect(aStream.waitFor((e) => e.type === 'message' && e.id === message.id)).resolves.toBeTruthy();
      await sleep(200);
      expect(aStream.events.some((e) => e.type === 'notification')).toBe(false);
      expect(eveStream.events).toEqual([]);

      // Read receipt: b reads the chat, a hears it.
      const read = await fetch(`${base}/messages/mark_chat_as_read/`, {
        method: 'POST',
        headers: { ...b.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ user_id: a.user.id }),
      });
      expect(await read.json()).toEqual({ updated: 1 });
      await expect(aStream.waitFor((e) => e.type === 'message_read')).resolves.toMatchObject({ from: b.user.id });
      expect(eveStream.events).toEqual([]);
    } finally {
      for (const s of [aStream, bStream, bOtherTab, eveStream]) s.close();
    }
  });

  it("tells both members' open tabs of a transfer, once each, and nobody else", async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    const eve = await createMember(t);
    const streams = await Promise.all([openStream(a.token), openStream(b.token), openStream(eve.token)]);
    const [aStream, bStream, eveStream] = streams;
    try {
      const wallet = (await (await fetch(`${base}/wallets/my_wallet/`, { headers: a.auth })).json()) as { id: string };
      const sent = await fetch(`${base}/wallets/${wallet.id}/transfer/`, {
        method: 'POST',
        headers: { ...a.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ recipient: b.user.username, amount: 5 }),
      });
      expect(sent.status, await sent.text()).toBe(200);
      for (const s of [aStream!, bStream!]) await expect(s.waitFor((e) => e.type === 'wallet')).resolves.toBeTruthy();
      await sleep(1000);
      expect(aStream!.events.filter((e) => e.type === 'wallet')).toHaveLength(1);
      expect(bStream!.events.filter((e) => e.type === 'wallet')).toHaveLength(1);
      expect(eveStream!.events).toEqual([]);
    } finally {
      for (const s of streams) s.close();
    }
  });

  it("tells the member's other tabs when notifications are marked read, one by one or all at once", async () => {
    const a = await createMember(t);
    const first = await t.db.transaction((tx) => notify(tx, a.user.id, { type: 'system', title: 'one' }));
    await t.db.transaction((tx) => notify(tx, a.user.id, { type: 'system', title: 'two' }));
    const stream = await openStream(a.token);
    try {
      const one = await fetch(`${base}/notifications/${first!.id}/mark-read/`, { method: 'POST', headers: a.auth });
      expect(one.status).toBe(200);
      await expect(stream.waitFor((e) => e.type === 'notification' && e.id === first!.id)).resolves.toBeTruthy();
      const all = await fetch(`${base}/notifications/mark-all-read/`, { method: 'POST', headers: a.auth });
      expect(await all.json()).toMatchObject({ updated: 1 });
      await expect(stream.waitFor((e) => e.type === 'notification' && e.id === undefined)).resolves.toBeTruthy();
    } finally {
      stream.close();
    }
  });

  it('never delivers an event from a rolled-back transaction', async () => {
    const a = await createMember(t);
    const stream = await openStream(a.token);
    try {
      await expect(
        t.db.transaction(async (tx) => {
          await notify(tx, a.user.id, { type: 'system', title: 'rolled back' });
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      const kept = await t.db.transaction((tx) => notify(tx, a.user.id, { type: 'system', title: 'kept' }));
      const got = await stream.waitFor((e) => e.type === 'notification');
      expect(got.id).toBe(kept!.id);
      await sleep(300);
      expect(stream.events).toEqual([{ type: 'notification', id: kept!.id }]);
    } finally {
      stream.close();
    }
  });

  it('ends the stream when the access token it was opened with expires, not a full token life later', async () => {
    const a = await createMember(t);
    // Signed 1.5 s short of a full access-token life ago: it expires about 1.5 s from now.
    const past = new Date(Date.now() - LIMITS.accessTokenSeconds * 1000 + 1500);
    const { token } = await createTokenSigner(t.config.jwtSecret, () => past).signAccess(a.user.id, false);
    const stream = await openStream(token);
    try {
      expect(stream.status).toBe(200);
      const ended = await Promise.race([stream.ended.then(() => true), sleep(4000).then(() => false)]);
      expect(ended).toBe(true);
    } finally {
      stream.close();
    }
  });

  it('does not keep a stream whose client left while its token was being checked', async () => {
    const a = await createMember(t);
    const { port } = new URL(base);
    // More abandoned connections than a member may hold open: each leaked listener would count against them.
    for (let i = 0; i < MAX_STREAMS_PER_MEMBER + 2; i++) {
      const socket = connect(Number(port), '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(`GET /api/v1/club/live/ HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer ${a.token}\r\n\r\n`);
      socket.resetAndDestroy();
    }
    await sleep(300);
    const stream = await openStream(a.token);
    try {
      expect(stream.status).toBe(200);
    } finally {
      stream.close();
    }
  });

  it.runIf(usingPostgres)('re-listens after losing its database connection and tells streams to resync', async () => {
    const a = await createMember(t);
    const stream = await openStream(a.token);
    try {
      await t.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`);
      await stream.waitFor((e) => e.type === 'resync', 5_000);
      const after = await t.db.transaction((tx) => notify(tx, a.user.id, { type: 'system', title: 'after' }));
      await expect(stream.waitFor((e) => e.type === 'notification')).resolves.toMatchObject({ id: after!.id });
    } finally {
      stream.close();
    }
  });
});
