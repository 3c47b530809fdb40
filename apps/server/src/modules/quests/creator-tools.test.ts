import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createPerkRequest, createQuestRequest } from '@wyn/contract';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { clubRequests } from '../../../test/club-requests.ts';
import { contentViews, questCompletions, quests, tags, users } from '../../db/schema/index.ts';
import { getMemberWallet, mint } from '../wallet/wallet.service.ts';

/** Creator tools (issue #15 items 12, 13): duplicate as a create body; analytics for the creator and staff. */

let t: TestApp;
type Member = Awaited<ReturnType<typeof createMember>>;
let creator: Member;
let member: Member;
let other: Member;
let staff: Member;
beforeAll(async () => {
  t = await createTestApp();
  creator = await createMember(t);
  const w = await getMemberWallet(t.db, creator.user.id);
  await t.db.transaction((tx) => mint(tx, w.id, 100_000, 'test funds'));
  member = await createMember(t);
  other = await createMember(t);
  staff = await createMember(t);
  await t.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.user.id));
});
afterAll(() => t.close());

const { post, get } = clubRequests(() => t.app);
const today = () => new Date().toISOString().slice(0, 10);

async function createQuest(overrides: Record<string, unknown> = {}) {
  const res = await post(creator, '/tasks/', {
    title: 'Post about the launch',
    description: 'Post about our launch with the hashtag and send the link.',
    reward_amount: '10.00',
    task_type: 'post',
    hashtag: '#wynlaunch',
    max_participants: 5,
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function createPerk(overrides: Record<string, unknown> = {}) {
  const res = await post(creator, '/perks/', {
    title: 'Ten percent off',
    description: 'A discount code for the shop, valid this month.',
    cost_amount: '5.00',
    perk_type: 'discount_code',
    discount_code: 'WYN10',
    max_participants: 3,
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

const viewsOf = (targetId: string) => t.db.select().from(contentViews).where(eq(contentViews.targetId, targetId));

describe('GET tasks/{id}/duplicate/', () => {
  it('gives the creator a valid create body copied from the quest, creating nothing and moving no W', async () => {
    const [tag] = await t.db
      .insert(tags)
      .values({ name: `Dup ${Date.now()}` })
      .returning();
    const deadline = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const id = await createQuest({ tags: [tag!.id], deadline, completion_criteria: 'A public post' });
    const before = (await getMemberWallet(t.db, creator.user.id)).balance;
    const count = (await t.db.select().from(quests)).length;
    const res = await get(creator, `/tasks/${id}/duplicate/`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      title: 'Post about the launch',
      description: 'Post about our launch with the hashtag and send the link.',
      reward_amount: '10.00',
      task_type: 'post',
      hashtag: '#wynlaunch',
      max_participants: 5,
      deadline,
      completion_criteria: 'A public post',
      tags: [tag!.id],
    });
    expect(createQuestRequest.safeParse(body).success).toBe(true);
    expect((await t.db.select().from(quests)).length).toBe(count);
    expect((await getMemberWallet(t.db, creator.user.id)).balance).toBe(before);
    // Posting it creates the copy.
    expect((await post(creator, '/tasks/', body)).statusCode).toBe(201);
  });

  it("leaves out a deadline already past and keeps the type's fields", async () => {
    const id = await createQuest({ task_type: 'visit', hashtag: undefined, target_url: 'https://wyn.example/launch' });
    await t.db
      .update(quests)
      .set({ deadline: new Date(Date.now() - 60_000) })
      .where(eq(quests.id, id));
    const body = (await get(creator, `/tasks/${id}/duplicate/`)).json();
    expect(body.deadline).toBeUndefined();
    expect(body).toMatchObject({ task_type: 'visit', target_url: 'https://wyn.example/launch' });
    expect(body.hashtag).toBeUndefined();
    expect(createQuestRequest.safeParse(body).success).toBe(true);
  });

  it("refuses another member (403), a quest they cannot see (404), and the creator's staff-hidden quest (409)", async () => {
    const id = await createQuest();
    expect((await get(member, `/tasks/${id}/duplicate/`)).statusCode).toBe(403);
    expect((await get(member, '/tasks/00000000-0000-4000-8000-000000000000/duplicate/')).statusCode).toBe(404);
    await t.db.update(quests).set({ hiddenByStaff: true, hiddenReason: 'spam' }).where(eq(quests.id, id));
    expect((await get(member, `/tasks/${id}/duplicate/`)).statusCode).toBe(404);
    expect((await get(creator, `/tasks/${id}/duplicate/`)).statusCode).toBe(409);
  });
});

describe('GET perks/{id}/duplicate/', () => {
  it('gives the creator a valid create body with the delivered content; others 403', async () => {
    const id = await createPerk();
    const res = await get(creator, `/perks/${id}/duplicate/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      title: 'Ten percent off',
      description: 'A discount code for the shop, valid this month.',
      cost_amount: '5.00',
      perk_type: 'discount_code',
      discount_code: 'WYN10',
      max_participants: 3,
      tags: [],
    });
    expect(createPerkRequest.safeParse(res.json()).success).toBe(true);
    expect((await get(member, `/perks/${id}/duplicate/`)).statusCode).toBe(403);
  });
});

describe('views', () => {
  it('records one view per member and UTC day, none for the creator, after the detail answered', async () => {
    const q = await createQuest();
    const p = await createPerk();
    for (const who of [member, member, other, creator]) {
      expect((await get(who, `/tasks/${q}/`)).statusCode).toBe(200);
      expect((await get(who, `/perks/${p}/details/`)).statusCode).toBe(200);
    }
    await vi.waitFor(
      async () => {
        expect((await viewsOf(q)).length).toBe(2);
        expect((await viewsOf(p)).length).toBe(2);
      },
      { timeout: 8000, interval: 200 },
    );
    const rows = await viewsOf(q);
    expect(rows.map((r) => r.userId).sort()).toEqual([member.user.id, other.user.id].sort());
    expect(rows.every((r) => r.day === today() && r.targetType === 'quest')).toBe(true);
    // A later view the same day adds nothing (on conflict do nothing).
    await get(member, `/tasks/${q}/`);
    await new Promise((r) => setTimeout(r, 2500));
    expect((await viewsOf(q)).length).toBe(2);
  });
});

describe('GET tasks/{id}/analytics/', () => {
  it('counts views, joins, submissions, approvals, rejections, review time and W paid, in totals and per day', async () => {
    const q = await createQuest();
    await t.db.insert(contentViews).values([
      { targetType: 'quest', targetId: q, userId: member.user.id, day: today() },
      { targetType: 'quest', targetId: q, userId: other.user.id, day: today() },
    ]);
    for (const who of [member, other]) {
      expect((await post(who, `/tasks/${q}/participate/`)).statusCode).toBe(201);
      const sent = await post(who, `/tasks/${q}/submit_proof/`, { proof_text: 'https://x.com/p/1' });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const comps = await t.db.select().from(questCompletions).where(eq(questCompletions.questId, q));
    const byUser = (id: string) => comps.find((c) => c.userId === id)!.id;
    expect((await post(creator, `/task-completions/${byUser(member.user.id)}/approve/`)).statusCode).toBe(200);
    const rej = await post(creator, `/task-completions/${byUser(other.user.id)}/reject/`, { reason: 'No link' });
    expect(rej.statusCode, rej.body).toBe(200);
    // Decided 90 seconds after the proof (for the average).
    await t.db
      .update(questCompletions)
      .set({ submittedAt: new Date(Date.now() - 90_000), verifiedDate: new Date() })
      .where(and(eq(questCompletions.questId, q)));

    const res = await get(creator, `/tasks/${q}/analytics/`);
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json();
    expect(a.days).toBe(30);
    expect(a.totals).toEqual({
      views: 2,
      joins: 2,
      submissions: 2,
      approvals: 1,
      rejections: 1,
      average_review_seconds: expect.any(Number),
      w_paid: '10.00',
    });
    expect(Math.abs(a.totals.average_review_seconds - 90)).toBeLessThanOrEqual(2);
    expect(a.series).toHaveLength(30);
    expect(a.series.at(-1)).toEqual({
      date: today(),
      views: 2,
      joins: 2,
      submissions: 2,
      approvals: 1,
      rejections: 1,
      w_paid: '10.00',
    });
    expect(a.series[0].joins).toBe(0);

    const long = await get(staff, `/tasks/${q}/analytics/?days=90`);
    expect(long.statusCode, long.body).toBe(200);
    expect(long.json().series).toHaveLength(90);
    expect((await get(creator, `/tasks/${q}/analytics/?days=7`)).statusCode).toBe(400);
  });

  it('refuses a member who is neither the creator nor staff (403), and answers 404 for a quest they cannot see', async () => {
    const q = await createQuest();
    const res = await get(member, `/tasks/${q}/analytics/`);
    expect(res.statusCode).toBe(403);
    await t.db.update(quests).set({ hiddenByStaff: true }).where(eq(quests.id, q));
    expect((await get(member, `/tasks/${q}/analytics/`)).statusCode).toBe(404);
    expect((await get(creator, `/tasks/${q}/analytics/`)).statusCode).toBe(200);
    expect((await get(staff, `/tasks/${q}/analytics/`)).statusCode).toBe(200);
  });

  it('starts at zero for a new quest', async () => {
    const q = await createQuest();
    const a = (await get(creator, `/tasks/${q}/analytics/`)).json();
    expect(a.totals).toEqual({
      views: 0,
      joins: 0,
      submissions: 0,
      approvals: 0,
      rejections: 0,
      average_review_seconds: null,
      w_paid: '0.00',
    });
  });
});

describe('GET perks/{id}/analytics/', () => {
  it('counts views, redemptions, W earned and stock left; 403 for others, 200 for staff', async () => {
    const p = await createPerk();
    await t.db.insert(contentViews).values({ targetType: 'perk', targetId: p, userId: other.user.id, day: today() });
    const r = await post(member, `/perks/${p}/redeem/`);
    expect(r.statusCode, r.body).toBe(200);
    const res = await get(creator, `/perks/${p}/analytics/`);
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json();
    expect(a.totals).toEqual({ views: 1, redemptions: 1, w_earned: '5.00', stock_left: 2 });
    expect(a.series).toHaveLength(30);
    expect(a.series.at(-1)).toEqual({ date: today(), views: 1, redemptions: 1, w_earned: '5.00' });
    expect((await get(member, `/perks/${p}/analytics/`)).statusCode).toBe(403);
    expect((await get(staff, `/perks/${p}/analytics/?days=90`)).json().series).toHaveLength(90);
  });

  it('has no stock left for a perk without a limit', async () => {
    const p = await createPerk({ max_participants: undefined });
    expect((await get(creator, `/perks/${p}/analytics/`)).json().totals.stock_left).toBeNull();
  });
});
