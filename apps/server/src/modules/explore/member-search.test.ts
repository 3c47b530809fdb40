import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, not, sql } from 'drizzle-orm';
import type { SearchResponse } from '@wyn/contract';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { clubRequests } from '../../../test/club-requests.ts';
import { users, userSettings } from '../../db/schema/index.ts';
import { MEMBER_RANKED_NEWEST } from './explore.service.ts';
import { userDoc } from './search-sql.service.ts';

// Member search by relevance ranks only the newest `MEMBER_RANKED_NEWEST` matches of the words as written (issue #17):
// a term with at most that many matches is answered as when every match was ranked, a broader one ranks its newest
// matches and lists the older ones after them, newest first. Totals count every match either way, and members that
// are private, disabled or hidden by staff are never found.

let t: TestApp;
type Member = Awaited<ReturnType<typeof createMember>>;
let viewer: Member;
const { post } = clubRequests(() => t.app);
const K = MEMBER_RANKED_NEWEST;
/** Members every search below must leave out (each one matches every term). */
const hiddenIds: string[] = [];

async function search(body: Record<string, unknown>): Promise<SearchResponse> {
  const res = await post(viewer, '/explore/search/', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchResponse;
}
const userIds = (r: SearchResponse) => r.content_results.users.map((u) => u.id);
const usernames = (r: SearchResponse) => r.content_results.users.map((u) => u.username);

/** Members (user and profile) joined a second apart from `at` on, in the order given, in one insert. */
async function addMembers(rows: Array<{ username: string; first: string; last?: string; tg?: string }>, at: Date) {
  const values = rows.map((r, i) => {
    const joined = new Date(at.getTime() + i * 1000).toISOString();
    return sql`(${r.username}::text, ${r.first}::text, ${r.last ?? 'Member'}::text, ${r.tg ?? null}::text, true,
      ${joined}::timestamptz)`;
  });
  await t.db.execute(sql`
    insert into users (username, first_name, last_name, tg_username, is_verified, created_at)
    values ${sql.join(values, sql`, `)}`);
  await t.db.execute(sql`insert into profiles (id) select id from users on conflict do nothing`);
}

beforeAll(async () => {
  t = await createTestApp();
  viewer = await createMember(t, { username: 'viewer_one', firstName: 'Vera', lastName: 'Viewer' });
  // The newest members of all: a private one, a disabled one and one hidden by staff, each called Numbat Quoll.
  for (const key of ['private', 'disabled', 'hidden']) {
    const m = await createMember(t, { username: `gone_${key}`, firstName: 'Numbat', lastName: 'Quoll' });
    hiddenIds.push(m.user.id);
  }
  await t.db.update(userSettings).set({ privateProfile: true }).where(eq(userSettings.userId, hiddenIds[0]!));
  await t.db.update(users).set({ isActive: false }).where(eq(users.id, hiddenIds[1]!));
  await t.db.update(users).set({ hiddenByStaff: true }).where(eq(users.id, hiddenIds[2]!));
});
afterAll(async () => {
  await t?.close();
});

describe('member search by relevance, a selective term', () => {
  beforeAll(async () => {
    // Fewer matches than are ranked, with different relevance: whole word, word start, inside a word, Telegram
    // username only; joined long ago, in this order.
    await addMembers(
      [
        { username: 'nb_word_old', first: 'Numbat' },
        { username: 'nb_start', first: 'Numbats' },
        { username: 'nb_inside', first: 'Xnumbatx' },
        { username: 'nb_telegram', first: 'Tg', tg: 'numbat_fan' },
        { username: 'nb_word_new', first: 'Ann', last: 'Numbat' },
        { username: 'nb_start_new', first: 'Numbatty' },
      ],
      new Date(Date.now() - 3_000_000_000),
    );
  });

  it('finds the same members in the same order as ranking every match, and leaves private, disabled and hidden members out', async () => {
    // The reference: every visible match ranked by word similarity, then newest first.
    const reference = await t.db
      .select({ username: users.username })
      .from(users)
      .where(
        and(
          sql`${userDoc} like '%numbat%'`,
          eq(users.isActive, true),
          not(users.isHidden),
          not(users.hiddenByStaff),
          sql`not exists (select 1 from ${userSettings}
                          where ${userSettings.userId} = ${users.id} and ${userSettings.privateProfile})`,
        ),
      )
      .orderBy(sql`word_similarity('numbat', ${userDoc}) desc`, desc(users.dateJoined), desc(users.id));
    const expected = reference.map((r) => r.username);
    expect(expected).toHaveLength(6);
    expect(expected.slice(0, 3).sort()).toEqual(['nb_telegram', 'nb_word_new', 'nb_word_old']);

    const r = await search({ query: 'Numbat', content_type: 'users' });
    expect(usernames(r)).toEqual(expected);
    expect(r.counts.users).toBe(6);
    const mixed = await search({ query: 'numbat', content_type: 'mixed' });
    expect(usernames(mixed)).toEqual(expected);
    expect(mixed.counts.users).toBe(6);
    const paged = [1, 2, 3].map((page) => search({ query: 'numbat', content_type: 'users', page, limit: 2 }));
    expect((await Promise.all(paged)).flatMap(usernames)).toEqual(expected);
    for (const res of [r, mixed]) for (const id of hiddenIds) expect(userIds(res)).not.toContain(id);
  });
});

describe('member search by relevance, more matches than are ranked', () => {
  // N bulk members "Quoll Keeper g" (whole word) or "Quollster Keeper g" (word start, ranked lower) for odd g, joined
  // in the order of g (g = N the newest), plus the hidden three (the newest of all, never found).
  const N = K + 50;
  const name = (g: number) => `qk_${g}`;
  beforeAll(async () => {
    const rows = Array.from({ length: N }, (_, i) => ({
      username: name(i + 1),
      first: (i + 1) % 2 === 0 ? 'Quoll' : 'Quollster',
      last: `Keeper ${i + 1}`,
    }));
    await addMembers(rows, new Date(Date.now() - 2_000_000_000));
  });

  /** The newest K matches ranked (whole word before word start, then newest), then the older ones newest first. */
  const expected = () => {
    const newest = Array.from({ length: K }, (_, i) => N - i);
    const ranked = [...newest.filter((g) => g % 2 === 0), ...newest.filter((g) => g % 2 === 1)];
    const older = Array.from({ length: N - K }, (_, i) => N - K - i);
    return [...ranked, ...older].map(name);
  };

  it('ranks the newest matches, lists the older ones after them newest first, and counts every match', async () => {
    const all = expected();
    const first = await search({ query: 'quoll', content_type: 'users', limit: 20 });
    expect(first.counts.users).toBe(N);
    expect(usernames(first)).toEqual(all.slice(0, 20));
    // A whole-word match older than the newest K is not ranked: it comes after the ranked ones.
    expect(all.indexOf(name(2))).toBeGreaterThan(K);

    // Every page, including the one across the end of the ranked matches (offsets 180–209), in that order.
    const byThirty = await Promise.all(
      Array.from({ length: Math.ceil(N / 30) }, (_, i) =>
        search({ query: 'quoll', content_type: 'users', page: i + 1, limit: 30 }),
      ),
    );
    expect(byThirty.flatMap(usernames)).toEqual(all);
    const across = byThirty[6]!;
    expect(usernames(across)).toEqual(all.slice(180, 210));
    expect(across).toMatchObject({ counts: { users: N }, total_pages: Math.ceil(N / 30), has_next: true });

    const mixed = await search({ query: 'Quoll', content_type: 'mixed' });
    expect(usernames(mixed)).toEqual(all.slice(0, 6));
    expect(mixed.counts.users).toBe(N);
    for (const res of [first, mixed, ...byThirty]) for (const id of hiddenIds) expect(userIds(res)).not.toContain(id);

    // Orders other than relevance are unchanged: newest first over every match.
    const newest = await search({ query: 'quoll', content_type: 'users', ordering: '-created_at', limit: 50 });
    expect(usernames(newest)).toEqual(Array.from({ length: 50 }, (_, i) => name(N - i)));
  });
});
