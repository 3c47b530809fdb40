import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { clubRequests } from '../../../test/club-requests.ts';
import { signInitData } from '../../../test/telegram-signing.ts';
import {
  exploreCategories,
  exploreFilters,
  perks,
  perkTags,
  popularSearches,
  profiles,
  quests,
  questTags,
  tags,
  users,
  userSettings,
} from '../../db/schema/index.ts';
import type { SearchResponse } from '@wyn/contract';
import { BROAD_MARGIN_MS, searchContentChanged, searchMemory } from './search-cache.ts';

let t: TestApp;
type Member = Awaited<ReturnType<typeof createMember>>;
let alice: Member;
let bob: Member;
let carol: Member;
let dave: Member;
const { post, get, patch } = clubRequests(() => t.app);
const ids: Record<string, string> = {};

const HOUR = 3_600_000;
let clock = Date.now() - 100 * HOUR;
const nextTime = () => new Date((clock += HOUR));

async function quest(key: string, v: Partial<typeof quests.$inferInsert> & { title: string }, tagIds: string[] = []) {
  const at = nextTime();
  const [row] = await t.db
    .insert(quests)
    .values({
      creatorId: alice.user.id,
      description: 'A quest for the explore tests.',
      taskType: 'visit',
      rewardAmount: 1000,
      createdAt: at,
      updatedAt: at,
      ...v,
    })
    .returning({ id: quests.id });
  ids[key] = row!.id;
  if (tagIds.length) await t.db.insert(questTags).values(tagIds.map((tagId) => ({ questId: row!.id, tagId })));
}

async function perk(key: string, v: Partial<typeof perks.$inferInsert> & { title: string }, tagIds: string[] = []) {
  const at = nextTime();
  const [row] = await t.db
    .insert(perks)
    .values({
      creatorId: alice.user.id,
      description: 'A perk for the explore tests.',
      perkType: 'discount_code',
      costAmount: 1000,
      discountCode: 'SECRET-EXPLORE-CODE',
      createdAt: at,
      updatedAt: at,
      ...v,
    })
    .returning({ id: perks.id });
  ids[key] = row!.id;
  if (tagIds.length) await t.db.insert(perkTags).values(tagIds.map((tagId) => ({ perkId: row!.id, tagId })));
}

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob, carol, dave] = await Promise.all([
    createMember(t, { username: 'alice_maker', firstName: 'Alice', lastName: 'Maker' }),
    createMember(t, { username: 'bob_viewer', firstName: 'Bob', lastName: 'Viewer' }),
    createMember(t, { username: 'zanzibar_hidden', firstName: 'Zanzibar', lastName: 'Private' }),
    createMember(t, { username: 'zanzibar_open', firstName: 'Zanzibar', lastName: 'Public' }),
  ]);
  await t.db.update(userSettings).set({ privateProfile: true }).where(eq(userSettings.userId, carol.user.id));
  await t.db.update(profiles).set({ isBusiness: true }).where(eq(profiles.id, dave.user.id));

  const [wellness, telegram, outdoors] = await t.db
    .insert(tags)
    .values([{ name: 'Wellness' }, { name: 'Telegram' }, { name: 'Outdoors' }])
    .returning({ id: tags.id });
  ids.wellness = wellness!.id;

  await quest('garden', { title: 'Garden party volunteers', description: 'Help plant the community garden.' }, [
    outdoors!.id,
  ]);
  await quest(
    'telegram',
    { title: 'Join our Telegram channel', description: 'News every week.', taskType: 'join', rewardAmount: 3000 },
    [telegram!.id],
  );
  await quest(
    'yoga',
    { title: 'Morning yoga session', description: 'Stretch with us.', taskType: 'watch', rewardAmount: 2000 },
    [wellness!.id],
  );
  await quest('telegraph', { title: 'Telegraph museum visit', description: 'Old machines.' });
  await quest('draft', { title: 'Zebrafish draft quest', status: 'draft' });
  await quest('closed', { title: 'Zebrafish closed quest', status: 'closed' });
  for (const n of [3, 1, 5, 2, 4])
    await quest(`marmalade${n}`, { title: `Marmalade tasting round ${n}`, rewardAmount: n * 100 });

  await perk('mat', { title: 'Yoga mat discount', costAmount: 4000 }, [wellness!.id]);
  await perk('pass', { title: 'Yoga class pass', costAmount: 1500 }, [wellness!.id]);
  await perk('retreat', { title: 'Yoga retreat invite', costAmount: 9000, perkType: 'event_invitation' });
  await perk('inactive', { title: 'Inactive yoga perk', status: 'inactive' });
});
afterAll(async () => {
  await t?.close();
});

async function search(by: Member, body: Record<string, unknown>) {
  const res = await post(by, '/explore/search/', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchResponse;
}
const titles = (r: SearchResponse) => [
  ...r.content_results.tasks.map((q) => q.title),
  ...r.content_results.perks.map((p) => p.title),
];

describe('POST explore/search/', () => {
  it('finds a quest by a prefix', async () => {
    const r = await search(bob, { query: 'gard', content_type: 'tasks' });
    expect(titles(r)).toContain('Garden party volunteers');
    expect(r.content_results.tasks[0]!.title).toBe('Garden party volunteers');
  });

  it('finds a quest despite a one-letter typo', async () => {
    const r = await search(bob, { query: 'tlegram', content_type: 'tasks' });
    // Near misses come by similarity: the closest first.
    expect(titles(r)[0]).toBe('Join our Telegram channel');
    expect(r.content_results.tasks[0]!.tags.map((x) => x.name)).toEqual(['Telegram']);
  });

  it('looks for near misses only when the words as written find nothing', async () => {
    const exact = await search(bob, { query: 'telegram', content_type: 'tasks' });
    expect(titles(exact)).toEqual(['Join our Telegram channel']);
    const prefix = await search(bob, { query: 'telegraph', content_type: 'tasks' });
    expect(titles(prefix)).toEqual(['Telegraph museum visit']);
  });

  it('does not match unrelated text', async () => {
    const r = await search(bob, { query: 'xylophone', content_type: 'mixed' });
    expect(r.total_results).toBe(0);
    expect(r.total_pages).toBe(1);
  });

  it('filters by tag name or id, for quests and perks', async () => {
    const byName = await search(bob, { query: ' ', content_type: 'tasks', filters: { tags: ['wellness'] } });
    expect(titles(byName)).toEqual(['Morning yoga session']);
    const byId = await search(bob, { query: '', content_type: 'perks', filters: { tags: ids.wellness } });
    expect(titles(byId).sort()).toEqual(['Yoga class pass', 'Yoga mat discount']);
    const unknownTag = await search(bob, { query: '', content_type: 'tasks', filters: { tags: ['nothing-like-it'] } });
    expect(unknownTag.total_results).toBe(0);
  });

  it('filters by quest type, perk type and reward range', async () => {
    const join = await search(bob, { content_type: 'tasks', filters: { task_type: ['join', 'follow'] } });
    expect(titles(join)).toEqual(['Join our Telegram channel']);
    const events = await search(bob, {
      query: 'yoga',
      content_type: 'perks',
      filters: { perk_type: 'event_invitation' },
    });
    expect(titles(events)).toEqual(['Yoga retreat invite']);
    const cheap = await search(bob, { query: 'marmalade', content_type: 'tasks', filters: { reward_range: '2-4' } });
    expect(r2(cheap).sort()).toEqual(['2.00', '3.00']);
  });

  it('orders quests by reward and perks by cost in both directions', async () => {
    const byReward = await search(bob, { query: 'marmalade', content_type: 'tasks', ordering: '-reward_amount' });
    expect(r2(byReward)).toEqual(['5.00', '4.00', '3.00', '2.00', '1.00']);
    const cheapest = await search(bob, { query: 'yoga', content_type: 'perks', ordering: 'cost_amount' });
    expect(cheapest.content_results.perks.map((p) => p.cost_amount)).toEqual(['15.00', '40.00', '90.00']);
    const dearest = await search(bob, { query: 'yoga', content_type: 'perks', ordering: '-cost_amount' });
    expect(dearest.content_results.perks.map((p) => p.cost_amount)).toEqual(['90.00', '40.00', '15.00']);
    const newest = await search(bob, { query: 'marmalade', content_type: 'tasks', ordering: '-created_at' });
    expect(newest.content_results.tasks.map((q) => q.title.at(-1))).toEqual(['4', '2', '5', '1', '3']);
    const oldest = await search(bob, { query: 'marmalade', content_type: 'tasks', ordering: 'created_at' });
    expect(oldest.content_results.tasks.map((q) => q.title.at(-1))).toEqual(['3', '1', '5', '2', '4']);
  });

  it('pages through results', async () => {
    const body = { query: 'marmalade', content_type: 'tasks', ordering: '-reward_amount', limit: 2 };
    const p1 = await search(bob, { ...body, page: 1 });
    expect(p1).toMatchObject({ total_results: 5, page: 1, total_pages: 3, has_next: true, has_previous: false });
    expect(r2(p1)).toEqual(['5.00', '4.00']);
    const p2 = await search(bob, { ...body, page: 2 });
    expect(p2).toMatchObject({ page: 2, total_pages: 3, has_next: true, has_previous: true });
    expect(r2(p2)).toEqual(['3.00', '2.00']);
    const p3 = await search(bob, { ...body, page: 3 });
    expect(p3).toMatchObject({ page: 3, has_next: false, has_previous: true, total_results: 5 });
    expect(r2(p3)).toEqual(['1.00']);
    const past = await search(bob, { ...body, page: 9 });
    expect(past).toMatchObject({ total_results: 5, total_pages: 3, has_next: false, has_previous: true });
    expect(past.content_results.tasks).toEqual([]);
  });

  it('hides drafts, closed quests and inactive perks from others but not from their creator', async () => {
    const asBob = await search(bob, { query: 'zebrafish', content_type: 'mixed' });
    expect(asBob.total_results).toBe(0);
    const asAlice = await search(alice, { query: 'zebrafish', content_type: 'tasks' });
    expect(titles(asAlice).sort()).toEqual(['Zebrafish closed quest', 'Zebrafish draft quest']);
    const perksBob = await search(bob, { query: 'inactive yoga', content_type: 'perks' });
    expect(titles(perksBob)).not.toContain('Inactive yoga perk');
    const perksAlice = await search(alice, { query: 'inactive yoga', content_type: 'perks' });
    expect(titles(perksAlice)).toContain('Inactive yoga perk');
  });

  it('keeps private profiles out of user search, and never leaks perk secrets', async () => {
    const r = await search(bob, { query: 'zanzibar', content_type: 'users' });
    expect(r.content_results.users.map((u) => u.username)).toEqual(['zanzibar_open']);
    expect(r.content_results.users[0]).toMatchObject({ id: dave.user.id, is_business: true });
    const byTypo = await search(bob, { query: 'zanzibr', content_type: 'users' });
    expect(byTypo.content_results.users.map((u) => u.id)).toEqual([dave.user.id]);
    const business = await search(bob, { query: '', content_type: 'users', filters: { account_type: 'business' } });
    expect(business.content_results.users.map((u) => u.id)).toEqual([dave.user.id]);
    const all = await post(bob, '/explore/search/', { query: 'yoga', content_type: 'perks' });
    expect(all.body).not.toContain('SECRET-EXPLORE-CODE');
  });

  it('returns a few of each kind for mixed, leaving out kinds a filter does not apply to', async () => {
    const r = await search(bob, { query: 'yoga', content_type: 'mixed' });
    expect(r.content_results.tasks.map((q) => q.id)).toEqual([ids.yoga]);
    expect(r.content_results.perks).toHaveLength(3);
    expect(r.counts).toEqual({ tasks: 1, perks: 3, users: 0 });
    expect(r.total_results).toBe(4);
    const onlyQuests = await search(bob, { query: 'yoga', filters: { task_type: ['watch'] } });
    expect(onlyQuests.counts).toEqual({ tasks: 1, perks: 0, users: 0 });
    const browse = await search(bob, { query: ' ', content_type: 'mixed', limit: 50 });
    expect(browse.content_results.tasks.length).toBeLessThanOrEqual(6);
    expect(browse.counts.tasks).toBe(9);
    expect(browse.counts.users).toBe(3);
  });

  it('rejects bad input with a clear 400', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ query: 'x', content_type: 'videos' }, /content_type must be one of/],
      [{ query: 'x', limit: 0 }, /limit must be at least 1/],
      [{ query: 'x', limit: 51 }, /limit must be at most 50/],
      [{ query: 'x', content_type: 'tasks', filters: { colour: 'red' } }, /Unknown filter "colour" for quests/],
      [{ query: 'x', content_type: 'perks', filters: { task_type: 'join' } }, /Unknown filter "task_type" for perks/],
      [{ query: 'x', content_type: 'tasks', filters: { task_type: 'dance' } }, /"dance" is not a valid value/],
      [{ query: 'x', content_type: 'tasks', filters: { reward_range: ['0-10', '10-25'] } }, /single value/],
      [{ query: 'x', content_type: 'tasks', ordering: '-cost_amount' }, /Unknown ordering "-cost_amount" for quests/],
      [{ query: 'x', is_staff: true }, /./],
      [{ query: 'x', page: 0 }, /page must be at least 1/],
    ];
    for (const [body, message] of cases) {
      const res = await post(bob, '/explore/search/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().detail, JSON.stringify(body)).toMatch(message);
    }
  });

  it('requires a signed-in member', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/club/explore/search/', payload: { query: 'x' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('popular searches', () => {
  it('counts real searches: one per member and term, page 1 only, only when the words as written found something', async () => {
    await search(alice, { query: '  Yoga ', content_type: 'mixed' });
    await search(bob, { query: 'yoga', content_type: 'tasks' });
    await search(bob, { query: 'YOGA', content_type: 'perks' }); // the same member again: not counted twice
    await search(dave, { query: 'yoga', content_type: 'perks', page: 2 }); // paging on: not counted
    await search(dave, { query: 'xylophone' }); // found nothing: not counted
    await search(dave, { query: 'tlegram', content_type: 'tasks' }); // only a near miss: a typo is not counted
    const top = await get(bob, '/popular-searches/top/');
    expect(top.statusCode).toBe(200);
    const terms = top.json() as Array<{ search_term: string; search_count: number; is_promoted: boolean }>;
    expect(terms.find((p) => p.search_term === 'yoga')?.search_count).toBe(2);
    expect(terms.some((p) => p.search_term === 'xylophone')).toBe(false);
    expect(terms.some((p) => p.search_term === 'tlegram')).toBe(false);
  });

  it('lists promoted terms first, then by count', async () => {
    // Its own terms, counted far above any other in this file (searches, other tests' rows): it passes in any
    // order and alone (it used to expect the 'yoga' counted by the test above).
    await t.db.insert(popularSearches).values([
      { searchTerm: 'promoted pick', isPromoted: true, searchCount: 0 },
      { searchTerm: 'very popular', searchCount: 5000 },
      { searchTerm: 'fairly popular', searchCount: 3000 },
    ]);
    const terms = (await get(bob, '/popular-searches/top/?limit=3')).json() as Array<{ search_term: string }>;
    expect(terms.map((p) => p.search_term)).toEqual(['promoted pick', 'very popular', 'fairly popular']);
  });
});

describe('explore lists', () => {
  beforeAll(async () => {
    await t.db.insert(exploreCategories).values([
      { title: 'Wellness quests', contentType: 'tasks', filterCriteria: { tags: ['Wellness'] }, order: 1 },
      { title: 'Hidden category', contentType: 'perks', isActive: false, order: 2 },
    ]);
    await t.db.insert(exploreFilters).values([
      {
        contentType: 'tasks',
        name: 'task_type',
        displayName: 'Quest type',
        filterType: 'checkbox',
        options: [{ value: 'join', label: 'Join a channel' }],
      },
      { contentType: 'tasks', name: 'tags', displayName: 'Tags', filterType: 'checkbox', order: 2 },
    ]);
    // Its own popular search: the lists must not rely on the searches another test happened to run first.
    await t.db.insert(popularSearches).values({ searchTerm: 'wellness week', searchCount: 90 });
  });

  it('explore/complete/ returns active categories, popular searches and the filters per content type', async () => {
    const res = await get(bob, '/explore/complete/?page=1&limit=20&ordering=-created_at&include_inactive=true');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.categories.map((c: { title: string }) => c.title)).toEqual(['Wellness quests']);
    expect(body.categories[0].filter_criteria).toEqual({ tags: ['Wellness'] });
    expect(body.popular_searches.map((p: { search_term: string }) => p.search_term)).toContain('wellness week');
    expect(body.available_filters.tasks.map((f: { name: string }) => f.name)).toEqual(['task_type', 'tags']);
    // The tags filter offers the tags in use, most used first.
    const tagsFilter = body.available_filters.tasks[1];
    expect(tagsFilter.options.map((o: { value: string }) => o.value)).toEqual(['Outdoors', 'Telegram', 'Wellness']);
    expect(body.available_filters.perks).toEqual([]);
  });

  it('explore-categories/ and explore-filters/all_by_content_type/', async () => {
    const cats = await get(bob, '/explore-categories/');
    expect(cats.statusCode).toBe(200);
    expect(cats.json()).toMatchObject({ count: 1, next: null, previous: null });
    const filters = await get(bob, '/explore-filters/all_by_content_type/');
    expect(filters.statusCode).toBe(200);
    expect(Object.keys(filters.json()).sort()).toEqual(['perks', 'tasks', 'users']);
  });
});

describe('POST explore/search/ with more matches than the count cap', () => {
  // 4,500 quests say "quokka" (a word in every row: found by walking the newest rows), every 4th also says
  // "otter" (1,125 rows, a quarter: found through the GIN index). Numbered from the oldest (1) to the newest.
  const N = 4_500;
  const newestOtter = N - (N % 4); // 4500: "Quokka otter otter walk 4500" also ranks highest for "otter"
  beforeAll(async () => {
    const base = Date.now() - 1_000_000_000;
    await t.db.execute(sql`
      insert into quests (creator_id, title, description, task_type, status, reward_amount, created_at, updated_at,
                          is_hidden, hidden_by_staff)
      select ${alice.user.id}, 'Quokka ' || case when g % 4 = 0 then 'otter ' else '' end
               || case when g in (1, 4, ${N}, ${newestOtter}) then 'quokka otter ' else '' end || 'walk ' || g,
             'Bulk row.', 'visit', 'published', 100, ${new Date(base)}::timestamptz + (g || ' seconds')::interval,
             ${new Date(base)}::timestamptz + (g || ' seconds')::interval, g = ${N - 1}, g = ${N - 2}
      from generate_series(1, ${N}) g`);
  });

  it('ranks the newest matches, caps the total, and keeps hidden quests out (words in every row)', async () => {
    const r = await search(bob, { query: 'quokka', content_type: 'tasks', limit: 20 });
    expect(r).toMatchObject({ counts: { tasks: 1000 }, total_pages: 50, has_next: true });
    const list = r.content_results.tasks.map((q) => q.title);
    // "quokka" twice ranks first; the oldest such quest (1) is not among the newest matches ranked.
    expect(list[0]).toBe(`Quokka otter quokka otter walk ${N}`);
    expect(list).not.toContain('Quokka quokka otter walk 1');
    // Then by newest: 4499 is hidden by its creator, 4498 by staff.
    expect(list.slice(1, 3)).toEqual([`Quokka walk ${N - 3}`, `Quokka otter walk ${N - 4}`]);
    const newest = await search(bob, { query: 'quokka', content_type: 'tasks', ordering: '-created_at', limit: 3 });
    expect(newest.content_results.tasks.map((q) => q.title)).toEqual([
      `Quokka otter quokka otter walk ${N}`,
      `Quokka walk ${N - 3}`,
      `Quokka otter walk ${N - 4}`,
    ]);
    // The creator also sees the quest staff hid, not the one they hid themselves.
    const asAlice = await search(alice, { query: 'quokka', content_type: 'tasks', ordering: '-created_at', limit: 3 });
    expect(asAlice.content_results.tasks.map((q) => q.title)).toEqual([
      `Quokka otter quokka otter walk ${N}`,
      `Quokka walk ${N - 2}`,
      `Quokka walk ${N - 3}`,
    ]);
    const last = await search(bob, { query: 'quokka', content_type: 'tasks', page: 50, limit: 20 });
    expect(last.content_results.tasks).toHaveLength(20);
    const past = await search(bob, { query: 'quokka', content_type: 'tasks', page: 51, limit: 20 });
    expect(past).toMatchObject({ counts: { tasks: 1000 }, has_next: false });
    expect(past.content_results.tasks).toEqual([]);
  });

  it('ranks the newest matches of a word in a quarter of the rows too', async () => {
    const r = await search(bob, { query: 'otter', content_type: 'mixed' });
    expect(r.counts.tasks).toBe(1000);
    const list = r.content_results.tasks.map((q) => q.title);
    expect(list[0]).toBe(`Quokka otter quokka otter walk ${N}`);
    expect(list).not.toContain('Quokka otter quokka otter walk 4');
    expect(list[1]).toBe(`Quokka otter walk ${N - 4}`);
    const byReward = await search(bob, { query: 'otter', content_type: 'tasks', ordering: '-reward_amount' });
    expect(byReward.counts.tasks).toBe(1000);
    expect(byReward.content_results.tasks).toHaveLength(20);
  });

  it('answers a broad word the same once it is remembered, and forgets it when a quest changes', async () => {
    const bodies = [
      { query: 'quokka', content_type: 'tasks', limit: 20 },
      { query: 'quokka', content_type: 'tasks', ordering: '-created_at', page: 2, limit: 7 },
      { query: 'quokka', content_type: 'tasks', ordering: 'created_at', page: 3, limit: 7 },
      { query: 'quokka', content_type: 'tasks', ordering: '-reward_amount', page: 2 },
      { query: 'otter', content_type: 'mixed' },
      { query: 'otter', content_type: 'tasks', ordering: '-reward_amount', page: 50 },
      { query: 'otter', content_type: 'tasks', page: 51 },
    ];
    for (const body of bodies) {
      // Found as written (the newest-rows walk or the GIN index), then as a remembered broad word.
      searchContentChanged('tasks');
      const fresh = await search(bob, body);
      expect(fresh.counts.tasks, JSON.stringify(body)).toBe(1000);
      expect(await search(bob, body), JSON.stringify(body)).toEqual(fresh);
      // The creator's own hidden-by-staff quest shows for her only, broad or not.
      const asAlice = await search(alice, body);
      searchContentChanged('tasks');
      expect(await search(alice, body), JSON.stringify(body)).toEqual(asAlice);
    }
    await search(bob, bodies[0]!);
    const memory = searchMemory(t.db);
    expect(memory.isBroad('tasks', 'quokka:*|', Date.now())).toBe(true);
    // Not for longer than the margin: a deadline may pass meanwhile.
    expect(memory.isBroad('tasks', 'quokka:*|', Date.now() + 11 * 60_000)).toBe(false);
    // An edit commits quest.updated: the broad words of quests are forgotten.
    const edit = await patch(alice, `/tasks/${ids.yoga}/`, { title: 'Morning yoga session outdoors' });
    expect(edit.statusCode, edit.body).toBe(200);
    await vi.waitFor(() => expect(memory.isBroad('tasks', 'quokka:*|', Date.now())).toBe(false));
  });
});

describe('member search with more matches than the count cap', () => {
  // Bulk members "Wombat Keeper n" (joined long ago, n from the oldest) and a few real members called Wombat, the
  // newest (so they lead every page): 1,001 visible matches, one more than the cap, before every change below.
  const CAP = 1000;
  const joinedFrom = Date.now() - 2_000_000_000;
  let bulk = 0;
  /** `n` more bulk wombats. New members only add matches, so no event tells search of them. */
  async function addWombats(n: number) {
    const from = bulk + 1;
    bulk += n;
    await t.db.execute(sql`
      insert into users (username, first_name, last_name, is_verified, created_at)
      select 'wb_' || g, 'Wombat', 'Keeper ' || g, true, ${new Date(joinedFrom)}::timestamptz + (g || ' seconds')::interval
      from generate_series(${from}::int, ${bulk}::int) g`);
    await t.db.execute(
      sql`insert into profiles (id) select id from users where username like 'wb\\_%' on conflict do nothing`,
    );
  }
  let sam: Member;
  const wombat: Record<string, Member> = {};
  beforeAll(async () => {
    sam = await createMember(t, { firstName: 'Sam', lastName: 'Staff' });
    await t.db.update(users).set({ isStaff: true }).where(eq(users.id, sam.user.id));
    for (const key of ['profile', 'account', 'disabled1', 'disabled2', 'private1', 'private2', 'hidden1', 'hidden2'])
      wombat[key] = await createMember(t, { firstName: 'Wombat', lastName: `Real ${key}` });
    // Matches only through the Telegram username.
    wombat.telegram = await createMember(t, { telegramId: '7301', tgUsername: 'wombat_tg', lastName: 'Real' });
    await addWombats(CAP + 1 - Object.keys(wombat).length);
  });

  const userIds = (r: SearchResponse) => r.content_results.users.map((u) => u.id);
  const key = '"wombat"|';

  it('answers a broad member term the same once it is remembered', async () => {
    const memory = searchMemory(t.db);
    const bodies = [
      { query: 'wombat', content_type: 'users', limit: 20 },
      { query: 'Wombat', content_type: 'users', ordering: '-created_at', page: 2, limit: 7 },
      { query: 'wombat', content_type: 'users', ordering: '-followers_count', page: 3, limit: 9 },
      { query: 'wombat', content_type: 'users', filters: { account_type: 'personal' }, page: 4 },
      { query: 'wombat', content_type: 'mixed' },
      { query: 'wombat', content_type: 'users', page: 50 },
      { query: 'wombat', content_type: 'users', page: 51 },
    ];
    for (const body of bodies) {
      // Found as written through the trigram index, then as a remembered broad term.
      searchContentChanged('users');
      const fresh = await search(bob, body);
      expect(fresh.counts.users, JSON.stringify(body)).toBe(CAP);
      expect(await search(bob, body), JSON.stringify(body)).toEqual(fresh);
    }
    expect(memory.isBroad('users', key, Date.now())).toBe(true);
    await search(bob, bodies[3]!);
    expect(memory.isBroad('users', `${key}account_type=personal`, Date.now())).toBe(true);
    // Not for longer than the margin.
    expect(memory.isBroad('users', key, Date.now() + 11 * 60_000)).toBe(false);
    // A broad member term is not one for quests, nor "wombat!" one for members (a different text to look for).
    expect(memory.isBroad('tasks', key, Date.now())).toBe(false);
    expect(memory.isBroad('users', '"wombat!"|', Date.now())).toBe(false);
    const first = await search(bob, { query: 'wombat', content_type: 'users', ordering: '-created_at', limit: 9 });
    expect(userIds(first)).toEqual([
      wombat.telegram!.user.id,
      ...['hidden2', 'hidden1', 'private2', 'private1', 'disabled2', 'disabled1', 'account', 'profile'].map(
        (k) => wombat[k]!.user.id,
      ),
    ]);
  });

  it('forgets it when a member is renamed, disabled, made private or hidden by staff, and shows them no more', async () => {
    const memory = searchMemory(t.db);
    const body = { query: 'wombat', content_type: 'users', ordering: '-created_at', limit: 20 };
    const asSam = (method: 'PATCH' | 'POST', url: string, payload: object) =>
      t.app.inject({ method, url: `/api/v1/club/${url}`, headers: sam.auth, payload });
    const steps: Array<[string, string[], (m: Member) => Promise<{ statusCode: number; body: string }>]> = [
      [
        'renamed',
        ['profile', 'account', 'telegram'],
        async (m) =>
          m === wombat.profile
            ? patch(m, `/profiles/${m.user.id}/`, { first_name: 'Bandicoot' })
            : m === wombat.account
              ? t.app.inject({
                  method: 'POST',
                  url: '/api/v1/bot/update-user/',
                  headers: m.auth,
                  payload: { first_name: 'Bandicoot' },
                })
              : t.app.inject({
                  method: 'POST',
                  url: '/api/v1/bot/telegram-webapp-auth/',
                  payload: { initData: signInitData({ id: 7301, first_name: 'Test', username: 'bandicoot_tg' }) },
                }),
      ],
      [
        'disabled',
        ['disabled1', 'disabled2'],
        (m) => asSam('PATCH', `staff/users/${m.user.id}/`, { is_active: false }),
      ],
      ['made private', ['private1', 'private2'], (m) => patch(m, '/user-settings/', { private_profile: true })],
      [
        'hidden by staff',
        ['hidden1', 'hidden2'],
        (m) =>
          asSam('POST', 'staff/moderation/', {
            target_type: 'profile',
            target_id: m.user.id,
            action: 'hide',
            reason: 'x',
          }),
      ],
    ];
    for (const [change, keys, act] of steps) {
      const gone = keys.map((k) => wombat[k]!);
      const before = await search(bob, body);
      expect(before.counts.users, change).toBe(CAP);
      expect(memory.isBroad('users', key, Date.now()), change).toBe(true);
      expect(userIds(before), change).toEqual(expect.arrayContaining(gone.map((m) => m.user.id)));
      for (const [i, m] of gone.entries()) {
        // Each change alone makes search forget the term (remembered again first: after the first change of a step
        // the matches are no longer above the cap, so a search would not remember it).
        memory.setBroad('users', key, Date.now() + BROAD_MARGIN_MS);
        const res = await act(m);
        expect(res.statusCode, res.body).toBe(200);
        expect(memory.isBroad('users', key, Date.now()), `${change}: ${keys[i]}`).toBe(false);
      }
      // The change's event made search forget the term: the total is counted again, without them.
      const after = await search(bob, body);
      expect(after.counts.users, change).toBe(CAP + 1 - gone.length);
      for (const m of gone) expect(userIds(after), change).not.toContain(m.user.id);
      await addWombats(gone.length);
    }
    // Made public again, a member only comes back: nothing to forget.
    const again = await search(bob, body);
    expect(memory.isBroad('users', key, Date.now())).toBe(true);
    expect(again.counts.users).toBe(CAP);
    const res = await patch(wombat.private1!, '/user-settings/', { private_profile: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(memory.isBroad('users', key, Date.now())).toBe(true);
    expect(userIds(await search(bob, body))).toContain(wombat.private1!.user.id);
  });
});

function r2(r: SearchResponse) {
  return r.content_results.tasks.map((q) => q.reward_amount);
}
