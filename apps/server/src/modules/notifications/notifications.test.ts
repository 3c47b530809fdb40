import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { clubRequests } from '../../../test/club-requests.ts';
import { getMemberWallet } from '../wallet/wallet.service.ts';
import { notifications } from '../../db/schema/index.ts';
import { isSafeLink, notify } from './notifications.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const base = '/api/v1/club/notifications/';
const { post, get, patch } = clubRequests(() => t.app);

/** Creates `n` notifications for a member, oldest first, one second apart. */
async function seedNotifications(userId: string, n: number, opts: { read?: (i: number) => boolean } = {}) {
  const ids: string[] = [];
  await t.db.transaction(async (tx) => {
    for (let i = 0; i < n; i++) {
      const created = await notify(tx, userId, {
        title: `Note ${i}`,
        message: `Message ${i}`,
        type: 'system',
        link: `/quest/${i}`,
      });
      ids.push(created!.id);
    }
  });
  for (const [i, id] of ids.entries()) {
    await t.db
      .update(notifications)
      .set({ createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, i)), isRead: opts.read?.(i) ?? false })
      .where(eq(notifications.id, id));
  }
  return ids;
}

describe('GET notifications/', () => {
  it("lists only the caller's notifications, newest first, with the unread count", async () => {
    const me = await createMember(t);
    const other = await createMember(t);
    await seedNotifications(me.user.id, 3, { read: (i) => i === 0 });
    await seedNotifications(other.user.id, 2);
    const res = await t.app.inject({ method: 'GET', url: base, headers: me.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(3);
    expect(body.unread_count).toBe(2);
    expect(body.results.map((n: { title: string }) => n.title)).toEqual(['Note 2', 'Note 1', 'Note 0']);
    expect(body.results[0]).toMatchObject({
      message: 'Message 2',
      notification_type: 'system',
      is_read: false,
      link: '/quest/2',
    });
    expect(body.next).toBeNull();
    expect(body.previous).toBeNull();

    const oldest = await t.app.inject({ method: 'GET', url: `${base}?ordering=created_at`, headers: me.auth });
    expect(oldest.json().results[0].title).toBe('Note 0');
  });

  it('filters by is_read', async () => {
    const me = await createMember(t);
    await seedNotifications(me.user.id, 4, { read: (i) => i % 2 === 0 });
    const unread = await t.app.inject({ method: 'GET', url: `${base}?is_read=false`, headers: me.auth });
    expect(unread.json().results.map((n: { title: string }) => n.title)).toEqual(['Note 3', 'Note 1']);
    expect(unread.json().count).toBe(2);
    const read = await t.app.inject({ method: 'GET', url: `${base}?is_read=true`, headers: me.auth });
    expect(read.json().results.every((n: { is_read: boolean }) => n.is_read)).toBe(true);
    expect(read.json().unread_count).toBe(2);
  });

  it('pages with next and previous links', async () => {
    const me = await createMember(t);
    await seedNotifications(me.user.id, 5);
    const first = await t.app.inject({ method: 'GET', url: `${base}?page_size=2`, headers: me.auth });
    expect(first.json()).toMatchObject({ count: 5, previous: null });
    expect(first.json().results).toHaveLength(2);
    const next = new URL(first.json().next);
    expect(next.origin).toBe(t.config.publicUrl);
    expect(next.pathname).toBe(base);
    expect(next.searchParams.get('page')).toBe('2');
    expect(next.searchParams.get('page_size')).toBe('2');

    const last = await t.app.inject({
      method: 'GET',
      url: `${base}?page=3&page_size=2&is_read=false`,
      headers: me.auth,
    });
    expect(last.json().results.map((n: { title: string }) => n.title)).toEqual(['Note 0']);
    expect(last.json().next).toBeNull();
    const previous = new URL(last.json().previous);
    expect(previous.searchParams.get('page')).toBe('2');
    expect(previous.searchParams.get('is_read')).toBe('false');
  });

  it('refuses a page size above 100 and nonsense filters with 400', async () => {
    const me = await createMember(t);
    for (const q of ['page_size=101', 'page=0', 'ordering=title', 'is_read=maybe']) {
      const res = await t.app.inject({ method: 'GET', url: `${base}?${q}`, headers: me.auth });
      expect(res.statusCode, q).toBe(400);
    }
    const ok = await t.app.inject({ method: 'GET', url: `${base}?page_size=100`, headers: me.auth });
    expect(ok.statusCode).toBe(200);
  });

  it('answers 401 without a token or with a bad one', async () => {
    expect((await t.app.inject({ method: 'GET', url: base })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: base, headers: { authorization: 'Bearer nope' } })).statusCode,
    ).toBe(401);
  });
});

describe('marking notifications read', () => {
  it('marks one of my notifications read', async () => {
    const me = await createMember(t);
    const [id] = await seedNotifications(me.user.id, 2);
    const res = await t.app.inject({ method: 'POST', url: `${base}${id}/mark-read/`, headers: me.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, is_read: true });
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, id!));
    expect(row?.isRead).toBe(true);
    const list = await t.app.inject({ method: 'GET', url: base, headers: me.auth });
    expect(list.json().unread_count).toBe(1);
    // A client that sends an empty JSON object is answered the same way; marking twice is harmless.
    const again = await t.app.inject({ method: 'POST', url: `${base}${id}/mark-read/`, headers: me.auth, payload: {} });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id, is_read: true });
  });

  it("answers 404 for someone else's notification and leaves it unread", async () => {
    const me = await createMember(t);
    const other = await createMember(t);
    const [theirs] = await seedNotifications(other.user.id, 1);
    const res = await t.app.inject({ method: 'POST', url: `${base}${theirs}/mark-read/`, headers: me.auth });
    expect(res.statusCode).toBe(404);
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, theirs!));
    expect(row?.isRead).toBe(false);
    const unknown = await t.app.inject({
      method: 'POST',
      url: `${base}00000000-0000-4000-8000-000000000000/mark-read/`,
      headers: me.auth,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 400 "Invalid ID format" for a non-UUID id', async () => {
    const me = await createMember(t);
    const res = await t.app.inject({ method: 'POST', url: `${base}not-a-uuid/mark-read/`, headers: me.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: 'Invalid ID format', code: 'invalid' });
  });

  it("mark-all-read marks all of mine and none of anyone else's", async () => {
    const me = await createMember(t);
    const other = await createMember(t);
    await seedNotifications(me.user.id, 3);
    await seedNotifications(other.user.id, 2);
    const res = await t.app.inject({ method: 'POST', url: `${base}mark-all-read/`, headers: me.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ updated: 3 });
    expect((await t.app.inject({ method: 'GET', url: base, headers: me.auth })).json().unread_count).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: base, headers: other.auth })).json().unread_count).toBe(2);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'POST', url: `${base}mark-all-read/` })).statusCode).toBe(401);
  });
});

describe('notify()', () => {
  it('accepts in-app paths and http(s) links only', async () => {
    for (const ok of ['/quest/1', '/explore?tab=tasks', 'https://example.com/a', 'http://example.com'])
      expect(isSafeLink(ok), ok).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      '//evil.example',
      '/\\evil.example',
      'data:text/html,hi',
      'ftp://x',
      'quest/1',
      '/a b',
    ])
      expect(isSafeLink(bad), bad).toBe(false);
    const me = await createMember(t);
    await expect(
      t.db.transaction((tx) => notify(tx, me.user.id, { title: 'x', type: 'system', link: 'javascript:alert(1)' })),
    ).rejects.toMatchObject({
      statusCode: 400,
    });
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, me.user.id));
    expect(rows).toHaveLength(0);
  });

  it('stores in-app paths and https links, and refuses javascript:, //host and data: links', async () => {
    const me = await createMember(t);
    for (const link of ['/quest/abc', '/wallet', 'https://example.com/news'])
      await t.db.transaction((tx) => notify(tx, me.user.id, { title: link, type: 'system', link }));
    for (const link of ['javascript:alert(1)', '//evil.example/x', 'data:text/html,<b>hi</b>', ' JavaScript:void(0)'])
      await expect(
        t.db.transaction((tx) => notify(tx, me.user.id, { title: 'bad', type: 'system', link })),
        link,
      ).rejects.toMatchObject({ statusCode: 400 });
    const list = (await get(me, '/notifications/')).json();
    expect(list.results.map((n: { link: string }) => n.link).sort()).toEqual(
      ['/quest/abc', '/wallet', 'https://example.com/news'].sort(),
    );
  });

  it('never shows one member the notifications of another, even when paging and filtering', async () => {
    const me = await createMember(t);
    const other = await createMember(t);
    const theirs = await seedNotifications(other.user.id, 3);
    for (const q of ['', '?is_read=false', '?ordering=created_at&page_size=100']) {
      const body = (await get(me, `/notifications/${q}`)).json();
      expect(body, q).toMatchObject({ count: 0, unread_count: 0, results: [] });
    }
    const mine = (await get(other, '/notifications/')).json();
    expect(mine.results.map((n: { id: string }) => n.id).sort()).toEqual([...theirs].sort());
  });
});

describe('the notifications on/off setting', () => {
  it('creates no notifications while a member has turned them off; the transfer itself still happens', async () => {
    const sender = await createMember(t, { firstName: 'Sam', lastName: 'Sender' });
    const me = await createMember(t);
    const senderWallet = (await getMemberWallet(t.db, sender.user.id)).id;
    const off = await patch(me, '/user-settings/', { notifications_enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().notifications_enabled).toBe(false);

    const sent = await post(sender, `/wallets/${senderWallet}/transfer/`, { recipient: me.user.id, amount: 5 });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await get(me, '/notifications/')).json()).toMatchObject({ count: 0, unread_count: 0 });
    expect(await t.db.transaction((tx) => notify(tx, me.user.id, { title: 'x', type: 'system' }))).toBeNull();
    // The money record is still there for the member to see.
    const myWallet = (await getMemberWallet(t.db, me.user.id)).id;
    const history = (await get(me, `/wallets/${myWallet}/transactions/`)).json();
    const rows: { transaction_type: string; is_incoming: boolean }[] = history.results ?? history;
    expect(rows.some((r) => r.transaction_type === 'internal_transfer' && r.is_incoming)).toBe(true);

    await patch(me, '/user-settings/', { notifications_enabled: true });
    await post(sender, `/wallets/${senderWallet}/transfer/`, { recipient: me.user.id, amount: 5 });
    const after = (await get(me, '/notifications/')).json();
    expect(after).toMatchObject({ count: 1, unread_count: 1 });
    expect(after.results[0]).toMatchObject({ notification_type: 'transaction', link: '/wallet' });
  });

  it("one member's setting does not silence another's", async () => {
    const quiet = await createMember(t);
    const loud = await createMember(t);
    await patch(quiet, '/user-settings/', { notifications_enabled: false });
    await t.db.transaction(async (tx) => {
      await notify(tx, quiet.user.id, { title: 'a', type: 'system' });
      await notify(tx, loud.user.id, { title: 'b', type: 'system' });
    });
    expect((await get(quiet, '/notifications/')).json().count).toBe(0);
    expect((await get(loud, '/notifications/')).json().count).toBe(1);
  });
});
