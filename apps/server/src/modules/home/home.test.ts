import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { HomepageComplete, PerkCard, ProfileCard, QuestCard } from '@wyn/contract';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { DEMO_SECRETS, seed } from '../../db/seed.ts';
import {
  featuredItems,
  homeSectionItems,
  homeSections,
  perks,
  profiles,
  quests,
  users,
} from '../../db/schema/index.ts';
import { FALLBACK_SIZE } from './home.service.ts';
import { createHomepageCache, HOME_CACHE_TTL_MS, homeContentChanged } from './homepage-cache.ts';

const club = '/api/v1/club/';
const SECRET_KEYS = [
  'telegram_url',
  'discount_code',
  'event_details',
  'exclusive_content',
  'telegram_chat_id',
  'invite_link',
];

describe('home on the demo content', () => {
  let t: TestApp;
  let auth: { authorization: string };
  let home: HomepageComplete;
  beforeAll(async () => {
    t = await createTestApp();
    await seed(t.db, { config: t.config });
    ({ auth } = await createMember(t));
    const res = await t.app.inject({ method: 'GET', url: `${club}homepage/complete/`, headers: auth });
    expect(res.statusCode).toBe(200);
    home = res.json();
  });
  afterAll(() => t.close());

  it('homepage/complete/ has the banners, with images, in order', () => {
    expect(home.banner_sliders).toHaveLength(3);
    expect(home.banner_sliders.map((b) => b.order)).toEqual([1, 2, 3]);
    for (const b of home.banner_sliders) {
      expect(b.image_url).toMatch(/^\/media\/seed\/banner-[a-z]+\.png$/);
      expect(b.title).not.toBe('');
    }
  });

  it('has a section of each kind, each filled with its curated items in order', () => {
    expect(home.sections.map((s) => [s.title, s.section_type])).toEqual([
      ['Featured Quests', 'task_carousel'],
      ['Featured Perks', 'perk_carousel'],
      ['Top Users', 'user_carousel'],
    ]);
    const [tasks, perksSection, usersSection] = home.sections;
    const questCards = home.task_carousels[tasks!.id]!;
    expect(questCards.map((q) => q.title)).toEqual([
      'Join the Wyn Design Club channel',
      'Share your workspace with #WynDesks',
      'Watch the colour-grading tutorial',
      'Start the Playtest Bot',
      'Say hi to Eve before the meetup',
    ]);
    expect(questCards[0]).toMatchObject({
      reward_amount: '25.00',
      task_type: 'join',
      status: 'published',
      max_participants: 200,
      current_participants: 4,
    });
    expect(questCards[0]!.tags.map((t) => t.name)).toEqual(['Community', 'Design', 'Telegram']);
    expect(home.perk_carousels[perksSection!.id]!.map((p) => p.title)).toEqual([
      'Rooftop Creators Meetup',
      'Beta Testers VIP Lounge',
      '20% off Finn Studio merch',
      'Colour-grading presets pack',
    ]);
    expect(home.perk_carousels[perksSection!.id]![0]).toMatchObject({
      cost_amount: '80.00',
      perk_type: 'event_invitation',
      purchased_count: 1,
    });
    const people = home.user_carousels[usersSection!.id]!;
    expect(people.map((u) => u.username)).toEqual(['ava', 'chloe', 'eve', 'ben']);
    // Only the section's own kind appears under each map.
    expect(Object.keys(home.task_carousels)).toEqual([tasks!.id]);
    expect(Object.keys(home.perk_carousels)).toEqual([perksSection!.id]);
    expect(Object.keys(home.user_carousels)).toEqual([usersSection!.id]);
  });

  it('profile cards carry counts and up to 5 approved completions', () => {
    const ava = home.user_carousels[home.sections[2]!.id]!.find((u) => u.username === 'ava')!;
    expect(ava).toMatchObject({
      display_name: 'Ava Martins',
      followers_count: 5,
      following_count: 3,
      quests_completed_count: 2,
    });
    expect(ava.completed_tasks.map((c) => c.task_title).sort()).toEqual([
      'Follow @chloe.frames on Instagram',
      'Start the Playtest Bot',
    ]);
    expect(ava.completed_tasks.every((c) => c.username === 'ava')).toBe(true);
  });

  it('has the featured quests, perks and members', () => {
    expect(home.featured_quests.map((q) => q.title)).toEqual([
      'Join the Wyn Design Club channel',
      'Watch the colour-grading tutorial',
      'Follow Finn Studio on Instagram',
    ]);
    expect(home.featured_perks.map((p) => p.title)).toEqual(['Rooftop Creators Meetup', 'Colour-grading presets pack']);
    expect(home.featured_users.map((u) => u.username)).toEqual(['ava', 'chloe']);
  });

  it('never carries a secret perk field in any home response', async () => {
    const bodies = [JSON.stringify(home)];
    for (const path of [
      'homepage-sections/',
      'top-picks/',
      'featured-perks/',
      'featured-quests/',
      'featured-users/',
      'slider-banners/',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `${club}${path}`, headers: auth });
      expect(res.statusCode, path).toBe(200);
      bodies.push(res.body);
    }
    expect(DEMO_SECRETS.length).toBeGreaterThanOrEqual(6);
    for (const body of bodies) {
      for (const secret of DEMO_SECRETS) expect(body).not.toContain(secret);
      for (const key of SECRET_KEYS) expect(body).not.toContain(`"${key}":`);
    }
    expect(bodies.join('')).not.toContain('FINN20');
    expect(bodies.join('')).not.toContain('t.me/+WynVip');
    expect(bodies.join('')).not.toContain('Skyline Rooftop');
  });

  it('slider-banners/ pages the active banners', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${club}slider-banners/?page_size=2`, headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ count: 3, previous: null });
    expect(res.json().results.map((b: { order: number }) => b.order)).toEqual([1, 2]);
    const next = new URL(res.json().next);
    expect(next.pathname).toBe('/api/v1/club/slider-banners/');
    const page2 = await t.app.inject({ method: 'GET', url: `${next.pathname}${next.search}`, headers: auth });
    expect(page2.json().results.map((b: { order: number }) => b.order)).toEqual([3]);
    expect(page2.json().next).toBeNull();
    expect(page2.json().previous).not.toBeNull();
  });

  it('homepage-sections/ lists sections with their items', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${club}homepage-sections/`, headers: auth });
    expect(res.statusCode).toBe(200);
    const [tasks, perkSection, userSection] = res.json().results;
    expect(tasks).toMatchObject({ section_type: 'task_carousel', perks: [], users: [] });
    expect(tasks.tasks).toHaveLength(5);
    expect(perkSection.perks).toHaveLength(4);
    expect(userSection.users).toHaveLength(4);
    const paged = await t.app.inject({
      method: 'GET',
      url: `${club}homepage-sections/?page=2&page_size=1`,
      headers: auth,
    });
    expect(paged.json().results.map((s: { title: string }) => s.title)).toEqual(['Featured Perks']);
    expect(paged.json().count).toBe(3);
  });

  it('top-picks/ lists quests and perks in order', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${club}top-picks/`, headers: auth });
    expect(res.statusCode).toBe(200);
    const picks = res.json().results as Array<{ item_type: string; quest: QuestCard | null; perk: PerkCard | null }>;
    expect(picks.map((p) => [p.item_type, p.quest?.title ?? p.perk?.title])).toEqual([
      ['quest', 'Share your workspace with #WynDesks'],
      ['perk', 'Beta Testers VIP Lounge'],
      ['quest', 'Join the Beta Testers group'],
      ['perk', '20% off Finn Studio merch'],
    ]);
    expect(picks[0]!.perk).toBeNull();
    expect(picks[1]!.quest).toBeNull();
  });

  it('featured lists page', async () => {
    const quests1 = await t.app.inject({ method: 'GET', url: `${club}featured-quests/?page_size=1`, headers: auth });
    expect(quests1.json()).toMatchObject({ count: 3, previous: null });
    expect(new URL(quests1.json().next).searchParams.get('page')).toBe('2');
    const users = await t.app.inject({ method: 'GET', url: `${club}featured-users/`, headers: auth });
    expect((users.json().results as ProfileCard[]).map((u) => u.username)).toEqual(['ava', 'chloe']);
    const perksRes = await t.app.inject({ method: 'GET', url: `${club}featured-perks/?page=2`, headers: auth });
    expect(perksRes.json()).toMatchObject({ results: [], count: 2, next: null });
    expect(perksRes.json().previous).not.toBeNull();
  });

  it('refuses bad paging with 400 and missing or bad tokens with 401', async () => {
    for (const path of [
      'slider-banners/',
      'homepage-sections/',
      'top-picks/',
      'featured-quests/',
      'featured-perks/',
      'featured-users/',
    ]) {
      expect(
        (await t.app.inject({ method: 'GET', url: `${club}${path}?page_size=101`, headers: auth })).statusCode,
        path,
      ).toBe(400);
      expect(
        (await t.app.inject({ method: 'GET', url: `${club}${path}?page=abc`, headers: auth })).statusCode,
        path,
      ).toBe(400);
    }
    for (const path of [
      'homepage/complete/',
      'slider-banners/',
      'homepage-sections/',
      'top-picks/',
      'featured-quests/',
      'featured-perks/',
      'featured-users/',
    ]) {
      expect((await t.app.inject({ method: 'GET', url: `${club}${path}` })).statusCode, path).toBe(401);
      expect(
        (await t.app.inject({ method: 'GET', url: `${club}${path}`, headers: { authorization: 'Bearer forged' } }))
          .statusCode,
        path,
      ).toBe(401);
    }
  });
});

describe('home visibility rules and fallbacks', () => {
  let t: TestApp;
  let auth: { authorization: string };
  let creatorId: string;
  const get = async (): Promise<HomepageComplete> => {
    // These tests change rows directly rather than through services, so they announce the change themselves.
    homeContentChanged();
    const res = await t.app.inject({ method: 'GET', url: `${club}homepage/complete/`, headers: auth });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const hours = (h: number) => new Date(Date.now() - h * 3600_000);
  const newQuest = async (title: string, extra: Partial<typeof quests.$inferInsert> = {}) => {
    const [row] = await t.db
      .insert(quests)
      .values({
        creatorId,
        title,
        description: 'A quest for the home tests.',
        taskType: 'visit',
        rewardAmount: 500,
        targetUrl: 'https://example.com',
        ...extra,
      })
      .returning();
    return row!;
  };
  const newPerk = async (title: string, extra: Partial<typeof perks.$inferInsert> = {}) => {
    const [row] = await t.db
      .insert(perks)
      .values({
        creatorId,
        title,
        description: 'A perk for the home tests.',
        perkType: 'discount_code',
        costAmount: 500,
        discountCode: 'SECRET-CODE-XYZ',
        ...extra,
      })
      .returning();
    return row!;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const me = await createMember(t, { username: 'viewer' });
    auth = me.auth;
    creatorId = (await createMember(t, { username: 'maker' })).user.id;
  });
  afterAll(() => t.close());

  it('is empty but well-formed with no content', async () => {
    const home = await get();
    expect(home).toEqual({
      banner_sliders: [],
      sections: [],
      task_carousels: {},
      perk_carousels: {},
      user_carousels: {},
      featured_quests: [],
      featured_perks: [],
      featured_users: [],
    });
  });

  it('shows curated items only while visible, and falls back when none are left', async () => {
    const live = await newQuest('Live quest', { createdAt: hours(5) });
    const hidden = await newQuest('Hidden quest', { isHidden: true });
    const expired = await newQuest('Expired quest', { deadline: hours(1) });
    const draft = await newQuest('Draft quest', { status: 'draft' });
    const future = await newQuest('Future deadline quest', {
      deadline: new Date(Date.now() + 86_400_000),
      createdAt: hours(2),
    });
    const [section] = await t.db
      .insert(homeSections)
      .values({ title: 'Quests', sectionType: 'task_carousel', order: 1 })
      .returning();
    await t.db
      .insert(homeSectionItems)
      .values(
        [hidden, expired, draft, future, live].map((q, order) => ({ sectionId: section!.id, questId: q.id, order })),
      );
    const home = await get();
    expect(home.task_carousels[section!.id]!.map((q) => q.title)).toEqual(['Future deadline quest', 'Live quest']);

    // With no visible curated item left, the newest published quests fill the carousel.
    await t.db
      .update(quests)
      .set({ isHidden: true })
      .where(inArray(quests.id, [live.id, future.id]));
    for (let i = 0; i < FALLBACK_SIZE + 2; i++) await newQuest(`Fresh ${i}`, { createdAt: hours(100 - i) });
    const fallback = (await get()).task_carousels[section!.id]!;
    expect(fallback).toHaveLength(FALLBACK_SIZE);
    expect(fallback[0]!.title).toBe(`Fresh ${FALLBACK_SIZE + 1}`);
    expect(fallback.map((q) => q.title)).not.toContain('Hidden quest');
    expect(fallback.map((q) => q.title)).not.toContain('Draft quest');
    expect(fallback.map((q) => q.title)).not.toContain('Expired quest');
  });

  it('perk carousels skip inactive and hidden perks, and fall back to the newest active ones', async () => {
    const active = await newPerk('Active perk');
    const inactive = await newPerk('Inactive perk', { status: 'inactive' });
    const hidden = await newPerk('Hidden perk', { isHidden: true });
    const [curated] = await t.db
      .insert(homeSections)
      .values({ title: 'Perks', sectionType: 'perk_carousel', order: 2 })
      .returning();
    const [empty] = await t.db
      .insert(homeSections)
      .values({ title: 'More perks', sectionType: 'perk_carousel', order: 3 })
      .returning();
    await t.db
      .insert(homeSectionItems)
      .values([inactive, hidden, active].map((p, order) => ({ sectionId: curated!.id, perkId: p.id, order })));
    await newPerk('Newest perk', { createdAt: new Date(Date.now() + 1000) });
    const home = await get();
    expect(home.perk_carousels[curated!.id]!.map((p) => p.title)).toEqual(['Active perk']);
    expect(home.perk_carousels[empty!.id]!.map((p) => p.title)).toEqual(['Newest perk', 'Active perk']);
    expect(JSON.stringify(home)).not.toContain('SECRET-CODE-XYZ');
  });

  it('user carousels skip hidden members and fall back to the most followed', async () => {
    const star = await createMember(t, { username: 'star' });
    const ghost = await createMember(t, { username: 'ghost' });
    await t.db.update(profiles).set({ followersCount: 50 }).where(eq(profiles.id, star.user.id));
    await t.db.update(profiles).set({ followersCount: 99 }).where(eq(profiles.id, ghost.user.id));
    await t.db.update(users).set({ isHidden: true }).where(eq(users.id, ghost.user.id));
    const [curated] = await t.db
      .insert(homeSections)
      .values({ title: 'People', sectionType: 'user_carousel', order: 4 })
      .returning();
    const [fallback] = await t.db
      .insert(homeSections)
      .values({ title: 'Top', sectionType: 'user_carousel', order: 5 })
      .returning();
    await t.db
      .insert(homeSectionItems)
      .values([ghost, star].map((m, order) => ({ sectionId: curated!.id, userId: m.user.id, order })));
    const home = await get();
    expect(home.user_carousels[curated!.id]!.map((u) => u.username)).toEqual(['star']);
    const top = home.user_carousels[fallback!.id]!;
    expect(top[0]!.username).toBe('star');
    expect(top.map((u) => u.username)).not.toContain('ghost');
    expect(top.length).toBeLessThanOrEqual(FALLBACK_SIZE);
  });

  it('inactive sections and banners do not appear; featured items follow the same rules', async () => {
    const [off] = await t.db
      .insert(homeSections)
      .values({ title: 'Off', sectionType: 'task_carousel', order: 0, isActive: false })
      .returning();
    const hiddenQuest = await newQuest('Featured but hidden', { isHidden: true });
    const shown = await newQuest('Featured and live');
    await t.db.insert(featuredItems).values([
      { placement: 'featured', questId: hiddenQuest.id, order: 1 },
      { placement: 'featured', questId: shown.id, order: 2 },
      { placement: 'top_pick', questId: shown.id, order: 1 },
      { placement: 'top_pick', questId: hiddenQuest.id, order: 2 },
    ]);
    const home = await get();
    expect(home.sections.map((s) => s.id)).not.toContain(off!.id);
    expect(home.task_carousels).not.toHaveProperty(off!.id);
    expect(home.featured_quests.map((q) => q.title)).toEqual(['Featured and live']);
    const featured = await t.app.inject({ method: 'GET', url: `${club}featured-quests/`, headers: auth });
    expect(featured.json()).toMatchObject({ count: 1, results: [{ title: 'Featured and live' }] });
    const picks = await t.app.inject({ method: 'GET', url: `${club}top-picks/`, headers: auth });
    expect(picks.json()).toMatchObject({
      count: 1,
      results: [{ item_type: 'quest', quest: { title: 'Featured and live' } }],
    });
  });
});

describe('the homepage cache', () => {
  const sample = (title: string): HomepageComplete => ({
    banner_sliders: [
      {
        id: '00000000-0000-4000-8000-000000000001',
        title,
        description: null,
        image_url: '/x.png',
        link: null,
        order: 1,
      },
    ],
    sections: [],
    task_carousels: {},
    perk_carousels: {},
    user_carousels: {},
    featured_quests: [],
    featured_perks: [],
    featured_users: [],
  });

  it('computes once for concurrent readers and reuses the result until it expires', async () => {
    let now = 0;
    let loads = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const cache = createHomepageCache(
      async () => {
        loads += 1;
        await gate;
        return sample(`v${loads}`);
      },
      { ttlMs: 1000, clock: () => now },
    );
    const concurrent = Promise.all([cache.get(), cache.get(), cache.get()]);
    release();
    const results = await concurrent;
    expect(loads).toBe(1);
    expect(new Set(results).size).toBe(1);
    expect(JSON.parse(results[0]!).banner_sliders[0].title).toBe('v1');
    now = 999;
    expect(JSON.parse(await cache.get()).banner_sliders[0].title).toBe('v1');
    expect(loads).toBe(1);
    // Past the TTL: the previous copy answers at once while one refresh runs in the background.
    now = 1000;
    expect(JSON.parse(await cache.get()).banner_sliders[0].title).toBe('v1');
    expect(JSON.parse(await cache.get()).banner_sliders[0].title).toBe('v1');
    await new Promise((r) => setTimeout(r, 0));
    expect(loads).toBe(2);
    expect(JSON.parse(await cache.get()).banner_sliders[0].title).toBe('v2');
    // Far too old (the refreshes keep failing, say): readers wait for a fresh copy.
    now = 1000 + 10_000;
    expect(JSON.parse(await cache.get()).banner_sliders[0].title).toBe('v3');
    expect(loads).toBe(3);
  });

  it('recomputes at once after homeContentChanged()', async () => {
    let loads = 0;
    const cache = createHomepageCache(async () => sample(`v${++loads}`), { ttlMs: 60_000 });
    expect(JSON.parse(await cache.get()).banner_sliders[0].title).toBe('v1');
    expect(JSON.parse(await cache.get()).banner_sliders[0].title).toBe('v1');
    homeContentChanged();
    expect(JSON.parse(await cache.get()).banner_sliders[0].title).toBe('v2');
  });

  it('does not keep a failed computation, nor a response that breaks the contract', async () => {
    let calls = 0;
    const cache = createHomepageCache(async () => {
      calls += 1;
      if (calls === 1) throw new Error('database down');
      if (calls === 2) return { ...sample('x'), sections: [{ id: 'not-a-uuid' }] } as unknown as HomepageComplete;
      return sample('ok');
    });
    await expect(cache.get()).rejects.toThrow('database down');
    await expect(cache.get()).rejects.toThrow();
    expect(JSON.parse(await cache.get()).banner_sliders[0].title).toBe('ok');
  });

  it('serves the cached homepage over HTTP until a change is announced', async () => {
    const t = await createTestApp();
    try {
      await seed(t.db, { config: t.config });
      const { auth } = await createMember(t);
      const url = `${club}homepage/complete/`;
      const started = Date.now();
      const first = await t.app.inject({ method: 'GET', url, headers: auth });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toMatch(/^application\/json/);
      const title = (first.json() as HomepageComplete).featured_quests[0]!.title;
      await t.db.update(quests).set({ isHidden: true }).where(eq(quests.title, title));
      const stillFresh = Date.now() - started < HOME_CACHE_TTL_MS; // a very slow machine may outlive the TTL
      const cached = await t.app.inject({ method: 'GET', url, headers: auth });
      if (stillFresh) expect(cached.body).toBe(first.body);
      homeContentChanged();
      const fresh = await t.app.inject({ method: 'GET', url, headers: auth });
      expect((fresh.json() as HomepageComplete).featured_quests.map((q) => q.title)).not.toContain(title);
    } finally {
      await t.close();
    }
  });
});
