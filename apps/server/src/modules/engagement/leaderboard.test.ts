import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { clubRequests } from '../../../test/club-requests.ts';
import { seasons, users, xpEntries } from '../../db/schema/index.ts';
import { getMemberWallet, mint } from '../wallet/wallet.service.ts';
import { questXpConsumer } from './quest-xp.consumer.ts';
import { boardPage } from './leaderboard.service.ts';
import { awardXp, xpOf } from './xp.service.ts';

/**
 * XP from approvals, levels on profiles and in the review queue, leaderboards (ties, hidden and disabled members,
 * paging, periods, a club's own board, the season) and min_level (issue #16 items 1–4). Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */

let t: TestApp;
type Member = Awaited<ReturnType<typeof createMember>>;
let creator: Member;
let otherCreator: Member;
const { post, get, patch } = clubRequests(() => t.app);

beforeAll(async () => {
  t = await createTestApp({ poolSize: 20 });
  creator = await createMember(t, { firstName: 'Cleo', lastName: 'Creator' });
  otherCreator = await createMember(t, { firstName: 'Otto', lastName: 'Other' });
  for (const c of [creator, otherCreator]) {
    const w = await getMemberWallet(t.db, c.user.id);
    await t.db.transaction((tx) => mint(tx, w.id, 10_000_000, 'test funds'));
  }
});
afterAll(() => t.close());

async function createQuest(by: Member, overrides: Record<string, unknown> = {}) {
  const res = await post(by, '/tasks/', {
    title: 'Follow our studio',
    description: 'Follow the studio account on Instagram and send your handle.',
    reward_amount: '10.00',
    task_type: 'follow',
    social_platform: '@wyn.studio',
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; min_level: number; my_level: { xp: number; level: number } };
}

/** `who` joins, sends proof and is approved by the quest's creator; returns the completion id. */
async function earn(who: Member, quest: { id: string }, by: Member = creator) {
  expect((await post(who, `/tasks/${quest.id}/participate/`)).statusCode).toBe(201);
  const proof = await post(who, `/tasks/${quest.id}/submit_proof/`, { proof_text: 'done it' });
  expect(proof.statusCode, proof.body).toBe(200);
  const id = proof.json().id as string;
  const ok = await post(by, `/task-completions/${id}/approve/`);
  expect(ok.statusCode, ok.body).toBe(200);
  return id;
}

type Board = {
  results: { rank: number; profile: { id: string; name: string }; xp: number; level: number }[];
  count: number;
  next: string | null;
  previous: string | null;
  me: { rank: number; xp: number; level: number } | null;
  season: { id: string; name: string } | null;
};
async function board(who: Member, query = ''): Promise<Board> {
  const res = await get(who, `/leaderboard/${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Board;
}

describe('XP from approvals and leaderboards', () => {
  let ann: Member, bob: Member, cat: Member, hid: Member, off: Member, staffHid: Member;
  let q50: { id: string };
  let completionOfAnn = '';

  beforeAll(async () => {
    const made = await Promise.all(
      ['Ann', 'Bob', 'Cat', 'Hid', 'Off', 'Sta'].map((firstName) => createMember(t, { firstName, lastName: 'M' })),
    );
    [ann, bob, cat, hid, off, staffHid] = made as [Member, Member, Member, Member, Member, Member];
    q50 = await createQuest(creator, { reward_amount: '50.75' });
    const q30 = await createQuest(creator, { reward_amount: '30.00' });
    const q100 = await createQuest(creator, { reward_amount: '100.00' });
    const other20 = await createQuest(otherCreator, { reward_amount: '20.00' });
    completionOfAnn = await earn(ann, q50); // 50 XP (whole W)
    await earn(bob, q50); // 50: ties with Ann, reached later
    await earn(cat, q30); // 30
    await earn(hid, q100); // 100, then hides their profile
    await earn(off, q100); // 100, then disabled
    await earn(staffHid, q100); // 100, then hidden by staff
    await earn(cat, other20, otherCreator); // Cat: 50 overall, 20 of it on the other creator's quest
    await t.db.update(users).set({ isHidden: true }).where(eq(users.id, hid.user.id));
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, off.user.id));
    await t.db.update(users).set({ hiddenByStaff: true }).where(eq(users.id, staffHid.user.id));
  });

  it('awards the reward in whole W as XP, once, even when the approval is handled twice', async () => {
    expect(await xpOf(t.db, ann.user.id)).toEqual({ xp: 50, level: 1, next_level_xp: 100 });
    const entries = await t.db.select().from(xpEntries).where(eq(xpEntries.userId, ann.user.id));
    expect(entries).toMatchObject([
      { amount: 50, source: 'quest', sourceId: completionOfAnn, creatorId: creator.user.id },
    ]);
    const event = {
      id: '999999',
      type: 'completion.approved' as const,
      payload: { completionId: completionOfAnn, questId: q50.id, questTitle: 'Follow our studio', userId: ann.user.id },
    };
    await t.db.transaction((tx) => questXpConsumer.handle(tx, event));
    await t.db.transaction((tx) => questXpConsumer.handle(tx, event));
    expect((await xpOf(t.db, ann.user.id)).xp).toBe(50);
  });

  it('ranks all time with shared ranks for ties and without hidden or disabled members', async () => {
    const b = await board(cat, '?period=all');
    expect(b.results.map((r) => [r.rank, r.profile.name, r.xp, r.level])).toEqual([
      [1, 'Ann M', 50, 1],
      [1, 'Bob M', 50, 1],
      [1, 'Cat M', 50, 1],
    ]);
    expect(b.count).toBe(3);
    expect(b.me).toEqual({ rank: 1, xp: 50, level: 1 });
    expect(b.season).toBeNull();
    // A hidden member sees the board but has no place on it.
    expect((await board(hid)).me).toBeNull();
    expect((await board(staffHid)).results.map((r) => r.profile.name)).not.toContain('Sta M');
  });

  it("ranks a club's own board by XP earned on that creator's quests, and the week and month", async () => {
    const own = await board(cat, `?period=all&creator=${creator.user.id}`);
    expect(own.results.map((r) => [r.rank, r.profile.name, r.xp])).toEqual([
      [1, 'Ann M', 50],
      [1, 'Bob M', 50],
      [3, 'Cat M', 30],
    ]);
    expect(own.me).toEqual({ rank: 3, xp: 30, level: 1 });
    const theirs = await board(ann, `?period=week&creator=${otherCreator.user.id}`);
    expect(theirs.results.map((r) => [r.rank, r.profile.name, r.xp])).toEqual([[1, 'Cat M', 20]]);
    expect(theirs.me).toBeNull();
    for (const period of ['week', 'month']) expect((await board(ann, `?period=${period}`)).count).toBe(3);
  });

  it('pages with ranks that continue across pages', async () => {
    const more = await createMember(t, { firstName: 'Dan', lastName: 'M' });
    await earn(more, await createQuest(creator, { reward_amount: '5.00' }));
    const p2 = await board(more, `?period=all&creator=${creator.user.id}&page=2&page_size=2`);
    expect(p2.results.map((r) => [r.rank, r.profile.name])).toEqual([
      [3, 'Cat M'],
      [4, 'Dan M'],
    ]);
    expect(p2.count).toBe(4);
    expect(p2.previous).toContain('page=1');
    expect(p2.next).toBeNull();
    expect(p2.me).toEqual({ rank: 4, xp: 5, level: 1 });
    const p1 = await board(more, `?period=all&creator=${creator.user.id}&page=1&page_size=1`);
    expect(p1.results.map((r) => r.rank)).toEqual([1]);
    const tie = await board(more, `?period=all&creator=${creator.user.id}&page=2&page_size=1`);
    expect(tie.results.map((r) => [r.rank, r.profile.name])).toEqual([[1, 'Bob M']]);
    // A page past the end still says where the viewer stands.
    const past = await board(more, `?period=all&creator=${creator.user.id}&page=9&page_size=2`);
    expect(past).toMatchObject({ results: [], count: 4, me: { rank: 4, xp: 5, level: 1 } });
  });

  it('answers an empty season board when no season runs, the season board when one does', async () => {
    const none = await board(ann, '?period=season');
    expect(none).toMatchObject({ results: [], count: 0, me: null, season: null });
    const now = Date.now();
    const [season] = await t.db
      .insert(seasons)
      .values({ name: 'Winter', startsAt: new Date(now - 60_000), endsAt: new Date(now + 86_400_000) })
      .returning();
    const eve = await createMember(t, { firstName: 'Eve', lastName: 'M' });
    await earn(eve, await createQuest(creator, { reward_amount: '12.00' }));
    const b = await board(eve, '?period=season');
    expect(b.season).toMatchObject({ id: season!.id, name: 'Winter' });
    expect(b.results.map((r) => [r.rank, r.profile.name, r.xp])).toEqual([[1, 'Eve M', 12]]);
    expect(b.me).toEqual({ rank: 1, xp: 12, level: 1 });
    await t.db.delete(seasons).where(eq(seasons.id, season!.id));
  });

  it('refuses a bad period or creator', async () => {
    expect((await get(ann, '/leaderboard/?period=year')).statusCode).toBe(400);
    expect((await get(ann, '/leaderboard/?creator=nope')).statusCode).toBe(400);
  });

  it('shows XP and level on the own and the public profile, and the level in the review queue', async () => {
    const big = await createMember(t, { firstName: 'Big', lastName: 'M' });
    await earn(big, await createQuest(creator, { reward_amount: '150.00' }));
    const me = await get(big, '/profiles/me/');
    expect(me.json()).toMatchObject({ xp: 150, level: 2, next_level_xp: 300 });
    const pub = await get(ann, `/profiles/${big.user.id}/`);
    expect(pub.json()).toMatchObject({ xp: 150, level: 2, next_level_xp: 300 });
    const q = await createQuest(creator);
    await post(big, `/tasks/${q.id}/participate/`);
    await post(big, `/tasks/${q.id}/submit_proof/`, { proof_text: 'again' });
    const queue = await get(creator, '/task-completions/to_review/');
    const mine = (queue.json().results as { user: { id: string; level: number } }[]).find(
      (r) => r.user.id === big.user.id,
    );
    expect(mine?.user.level).toBe(2);
  });
});

describe('min_level', () => {
  it('refuses a member below it with the level needed and how far they are; the detail tells them first', async () => {
    const low = await createMember(t, { firstName: 'Low', lastName: 'M' });
    await earn(low, await createQuest(creator, { reward_amount: '50.00' })); // 50 XP: level 1
    const q = await createQuest(creator, { min_level: 3 });
    expect(q.min_level).toBe(3);
    const detail = (await get(low, `/tasks/${q.id}/`)).json();
    expect(detail).toMatchObject({ min_level: 3, my_level: { xp: 50, level: 1, next_level_xp: 100 } });
    const refused = await post(low, `/tasks/${q.id}/participate/`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'level_too_low',
      detail: 'This quest needs level 3. You are level 1: 250 XP to go.',
    });
    // The creator lowers it: the member may join.
    const edited = await patch(creator, `/tasks/${q.id}/`, { min_level: 0 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().min_level).toBe(0);
    expect((await post(low, `/tasks/${q.id}/participate/`)).statusCode).toBe(201);
    // A copy keeps the level (the creator's duplicate body).
    await patch(creator, `/tasks/${q.id}/`, { min_level: 4 });
    expect((await get(creator, `/tasks/${q.id}/duplicate/`)).json()).toMatchObject({ min_level: 4 });
    // Out of range.
    const bad = await post(creator, '/tasks/', {
      title: 'Too high',
      description: 'Needs an impossible level to join.',
      reward_amount: '1.00',
      task_type: 'follow',
      social_platform: '@x',
      min_level: 101,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a perk redemption below it and charges nothing; a member at the level redeems', async () => {
    const low = await createMember(t, { firstName: 'Pam', lastName: 'M' });
    const res = await post(creator, '/perks/', {
      title: 'Members discount',
      description: 'Twenty percent off everything in the shop.',
      cost_amount: '5.00',
      perk_type: 'discount_code',
      discount_code: 'LEVEL2',
      min_level: 2,
    });
    expect(res.statusCode, res.body).toBe(201);
    const perk = res.json() as { id: string; min_level: number };
    expect(perk.min_level).toBe(2);
    const before = (await getMemberWallet(t.db, low.user.id)).balance;
    const refused = await post(low, `/perks/${perk.id}/redeem/`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('This perk needs level 2. You are level 1: 100 XP to go.');
    expect((await getMemberWallet(t.db, low.user.id)).balance).toBe(before);
    expect((await get(low, `/perks/${perk.id}/`)).json()).toMatchObject({ min_level: 2, my_level: { level: 1 } });
    await earn(low, await createQuest(creator, { reward_amount: '100.00' }));
    const ok = await post(low, `/perks/${perk.id}/redeem/`);
    expect(ok.statusCode, ok.body).toBe(200);
    const edited = await patch(creator, `/perks/${perk.id}/`, { min_level: 5 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await get(low, `/perks/${perk.id}/`)).json().min_level).toBe(5);
  });
});

describe('board shapes in memory', () => {
  it('while a rebuild runs, readers that accept lag get the last shape; the reader that started it waits', async () => {
    // A club board of its own (a creator id nobody else uses), so no other test's awards touch it.
    const club = randomUUID();
    const key = `all|c:${club}`;
    const award = (m: Member, amount: number) =>
      t.db.transaction((tx) =>
        awardXp(tx, {
          userId: m.user.id,
          amount,
          source: 'achievement',
          sourceId: `shape-${m.user.id}`,
          creatorId: club,
          at: new Date(),
        }),
      );
    const [a, b] = [await createMember(t), await createMember(t)];
    const read = (staleMs: number) => boardPage(t.db, key, { limit: 10, offset: 0, viewerId: b.user.id, staleMs });
    await award(a, 30);
    expect((await read(1)).count).toBe(1);
    await award(b, 20); // its event marks the boards changed (the in-process consumer)
    await new Promise((r) => setTimeout(r, 5));
    // Two reads at once: the first finds the shape out of date and waits for the rebuild; the second is not held
    // by it (rows live, count and ranks from the last shape).
    const [fresh, meanwhile] = await Promise.all([read(1), read(1)]);
    expect(fresh.count).toBe(2);
    expect(fresh.me).toEqual({ rank: 2, xp: 20, level: 1 });
    expect(meanwhile.rows.map((r) => r.xp)).toEqual([30, 20]);
    expect(meanwhile.count).toBe(1);
    expect((await read(1)).count).toBe(2);
    // A reader that accepts no lag never gets a shape older than the last change.
    await award(await createMember(t), 10);
    expect((await read(0)).count).toBe(3);
  });
});
