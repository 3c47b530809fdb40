import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, usingPostgres, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { tags } from '../../db/schema/index.ts';

let t: TestApp;
let auth: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  ({ auth } = await createMember(t));
  await t.db
    .insert(tags)
    .values(['Design', 'gaming', 'Events', 'Web design', 'Music', 'Learning'].map((name) => ({ name })));
});
afterAll(() => t.close());

const url = '/api/v1/club/tags/';
const names = (body: { results: { name: string }[] }) => body.results.map((r) => r.name);

describe('GET tags/', () => {
  it('lists tags by name, case-insensitively', async () => {
    const res = await t.app.inject({ method: 'GET', url, headers: auth });
    expect(res.statusCode).toBe(200);
    expect(names(res.json())).toEqual(['Design', 'Events', 'gaming', 'Learning', 'Music', 'Web design']);
    expect(res.json()).toMatchObject({ count: 6, next: null, previous: null });
    expect(res.json().results[0]).toEqual({ id: expect.any(String), name: 'Design' });
  });

  it('searches any case, names that start with the term first', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${url}?search=DES`, headers: auth });
    expect(names(res.json())).toEqual(['Design', 'Web design']);
    const none = await t.app.inject({ method: 'GET', url: `${url}?search=${encodeURIComponent('%')}`, headers: auth });
    expect(none.json().count).toBe(0);
  });

  it('pages, and refuses page_size above 100', async () => {
    const first = await t.app.inject({ method: 'GET', url: `${url}?page_size=4`, headers: auth });
    expect(first.json().results).toHaveLength(4);
    expect(new URL(first.json().next).searchParams.get('page')).toBe('2');
    const second = await t.app.inject({ method: 'GET', url: `${url}?page_size=4&page=2`, headers: auth });
    expect(names(second.json())).toEqual(['Music', 'Web design']);
    expect(second.json().next).toBeNull();
    expect(new URL(second.json().previous).searchParams.get('page')).toBe('1');
    expect((await t.app.inject({ method: 'GET', url: `${url}?page_size=101`, headers: auth })).statusCode).toBe(400);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('POST tags/', () => {
  it('creates a new tag with 201', async () => {
    const res = await t.app.inject({ method: 'POST', url, headers: auth, payload: { name: '  Photography ' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(String), name: 'Photography' });
  });

  it('returns the existing tag with 200 when the name exists in any case', async () => {
    const [design] = await t.db
      .select()
      .from(tags)
      .where(sql`lower(${tags.name}) = 'design'`);
    const res = await t.app.inject({ method: 'POST', url, headers: auth, payload: { name: 'DESIGN' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: design!.id, name: 'Design' });
    const [{ n }] = (await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tags)
      .where(sql`lower(${tags.name}) = 'design'`)) as [{ n: number }];
    expect(n).toBe(1);
  });

  it.runIf(usingPostgres)('creates one tag when many members add the same name at once', async () => {
    const variants = ['Crypto', 'crypto', 'CRYPTO', 'cRyPtO', 'Crypto', 'crypto', 'CRYPTO', 'Crypto'];
    const results = await Promise.all(
      variants.map((name) => t.app.inject({ method: 'POST', url, headers: auth, payload: { name } })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    const rows = await t.db
      .select()
      .from(tags)
      .where(sql`lower(${tags.name}) = 'crypto'`);
    expect(rows).toHaveLength(1);
  });

  it('refuses an empty, too long or #-prefixed name, and unknown bodies', async () => {
    for (const payload of [
      {},
      { name: '' },
      { name: '   ' },
      { name: '#hash' },
      { name: 'x'.repeat(41) },
      { name: 5 },
    ]) {
      const res = await t.app.inject({ method: 'POST', url, headers: auth, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors).toHaveProperty('name');
    }
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'POST', url, payload: { name: 'Nope' } })).statusCode).toBe(401);
  });
});
