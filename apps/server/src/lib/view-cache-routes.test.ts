import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { createMember } from '../../test/users.ts';
import { clubRequests } from '../../test/club-requests.ts';
import { quests } from '../db/schema/index.ts';
import { getMemberWallet, mint } from '../modules/wallet/wallet.service.ts';
import { awardXp } from '../modules/engagement/xp.service.ts';
import { expireDueQuests } from '../modules/quests/quests.service.ts';

/**
 * Hot reads answered from memory (issue #17, docs/decisions/0019): with views kept for a minute, every change a
 * member can make or see must still show on the next read, through a write request's touch or a committed event.
 * A row changed by hand, which neither reaches, shows that the reads are indeed kept.
 */
describe('hot reads kept in memory', () => {
  let t: TestApp;
  type Member = Awaited<ReturnType<typeof createMember>>;
  let creator: Member;
  let viewer: Member;
  let other: Member;
  const { post, get, patch } = clubRequests(() => t.app);
  const read = async (m: Member, path: string) => {
    const res = await get(m, path);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const search = async (m: Member, query: string) => {
    const res = await post(m, '/explore/search/', { query, content_type: 'tasks' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().content_results.tasks.map((q: { title: string }) => q.title) as string[];
  };

  beforeAll(async () => {
    t = await createTestApp({ config: { hotReadCacheMs: 60_000 } });
    creator = await createMember(t);
    const w = await getMemberWallet(t.db, creator.user.id);
    await t.db.transaction((tx) => mint(tx, w.id, 1_000_000, 'test funds'));
    viewer = await createMember(t);
    other = await createMember(t);
  });
  afterAll(() => t.close());

  const createQuest = async (title: string, extra: Record<string, unknown> = {}) => {
    const res = await post(creator, '/tasks/', {
      ...extra,
      title,
      description: 'Follow the studio account on Instagram and send your handle.',
      reward_amount: '10.00',
      task_type: 'follow',
      social_platform: '@wyn.studio',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };

  it("a quest's detail shows the viewer's own writes, others' writes to it, and its creator's changes", async () => {
    const id = await createQuest('Kept quest');
    const path = `/tasks/${id}/`;
    expect(await read(viewer, path)).toMatchObject({ title: 'Kept quest', likes_count: 0, is_liked: false });

    // Changed by hand (no request, no event): the kept view is answered.
    await t.db.update(quests).set({ sharesCount: 41 }).where(eq(quests.id, id));
    expect((await read(viewer, path)).shares_count).toBe(0);

    // The viewer's own write.
    expect((await post(viewer, `/tasks/${id}/like/`)).statusCode).toBe(200);
    expect(await read(viewer, path)).toMatchObject({ likes_count: 1, is_liked: true, shares_count: 41 });
    // Another member's write to the same quest.
    expect((await post(other, `/tasks/${id}/like/`)).statusCode).toBe(200);
    expect((await read(viewer, path)).likes_count).toBe(2);
    // The creator's edit (its path names the quest; quest.updated reaches every instance).
    expect((await patch(creator, `/tasks/${id}/`, { title: 'Kept quest, edited' })).statusCode).toBe(200);
    expect((await read(viewer, path)).title).toBe('Kept quest, edited');
    // The creator's new name: only the loaded view names the creator.
    const renamed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bot/update-user/',
      headers: creator.auth,
      payload: { first_name: 'Renamed' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await read(viewer, path)).creator_name).toContain('Renamed');
    // Joining it.
    expect((await read(viewer, path)).my_participation).toBeNull();
    const joined = await post(viewer, `/tasks/${id}/participate/`);
    expect(joined.statusCode, joined.body).toBeLessThan(300);
    expect((await read(viewer, path)).my_participation).not.toBeNull();
    // A third member's join reaches the viewer's view through quest.joined.
    expect((await post(other, `/tasks/${id}/participate/`)).statusCode).toBeLessThan(300);
    expect((await read(viewer, path)).current_participants).toBe(2);
  });

  it('a quest expired by the scan shows expired: a change that reaches the view only through its event', async () => {
    const id = await createQuest('Soon over', { deadline: new Date(Date.now() + 60_000).toISOString() });
    expect((await read(viewer, `/tasks/${id}/`)).status).toBe('published');
    expect(await expireDueQuests(t.db, new Date(Date.now() + 120_000))).toBeGreaterThanOrEqual(1);
    expect((await read(viewer, `/tasks/${id}/`)).status).toBe('expired');
  });

  it("a perk's detail shows another member's redemption (its stock) and the viewer's own", async () => {
    const created = await post(creator, '/perks/', {
      title: 'Kept perk',
      description: 'A discount code for the shop.',
      cost_amount: '10',
      perk_type: 'discount_code',
      discount_code: 'KEPT',
      max_participants: 5,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const path = `/perks/${id}/details/`;
    expect(await read(viewer, path)).toMatchObject({ purchased_count: 0, is_redeemed: false });
    expect((await post(other, `/perks/${id}/redeem/`, {})).statusCode).toBe(200);
    expect(await read(viewer, path)).toMatchObject({ purchased_count: 1, is_redeemed: false });
    expect((await post(viewer, `/perks/${id}/redeem/`, {})).statusCode).toBe(200);
    expect(await read(viewer, path)).toMatchObject({ purchased_count: 2, is_redeemed: true });
  });

  it('a search finds a quest published after it was kept, and drops one closed since', async () => {
    expect(await search(viewer, 'zanzibar')).toEqual([]);
    // Searching again is no change: the kept answer stands (a quest renamed by hand is not found).
    const id = await createQuest('Zanzibar trip');
    expect(await search(viewer, 'zanzibar')).toEqual(['Zanzibar trip']);
    await t.db.update(quests).set({ title: 'Zanzibar trip by hand' }).where(eq(quests.id, id));
    expect(await search(viewer, 'zanzibar')).toEqual(['Zanzibar trip']);
    expect((await post(creator, `/tasks/${id}/close/`)).statusCode).toBe(200);
    expect(await search(viewer, 'zanzibar')).toEqual([]);
  });

  it('a board page shows XP awarded to another member', async () => {
    const path = '/leaderboard/?period=all';
    const before = await read(viewer, path);
    const award = (m: Member, amount: number) =>
      t.db.transaction((tx) =>
        awardXp(tx, {
          userId: m.user.id,
          amount,
          source: 'achievement',
          sourceId: `kept-${m.user.id}-${amount}`,
          creatorId: null,
          at: new Date(),
        }),
      );
    await award(other, 5_000);
    const after = await read(viewer, path);
    expect(after.count).toBe(before.count + 1);
    expect(after.results[0].profile.id).toBe(other.user.id);
    expect(after.me).toBeNull();
    await award(viewer, 7_000);
    expect((await read(viewer, path)).me).toMatchObject({ rank: 1, xp: 7_000 });
  });
});
