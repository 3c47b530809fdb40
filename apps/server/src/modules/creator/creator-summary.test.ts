import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { clubRequests } from '../../../test/club-requests.ts';
import { contentViews } from '../../db/schema/index.ts';
import { getMemberWallet, mint } from '../wallet/wallet.service.ts';

/** `GET creator/summary/`: a creator's own quests and perks summed over 30 or 90 days (issue #15 item 13). */

let t: TestApp;
type Member = Awaited<ReturnType<typeof createMember>>;
let creator: Member;
let member: Member;
beforeAll(async () => {
  t = await createTestApp();
  creator = await createMember(t);
  member = await createMember(t);
  for (const m of [creator, member]) {
    const w = await getMemberWallet(t.db, m.user.id);
    await t.db.transaction((tx) => mint(tx, w.id, 100_000, 'test funds'));
  }
});
afterAll(() => t.close());

const { post, get } = clubRequests(() => t.app);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('GET creator/summary/', () => {
  it('sums views, joins, W paid, redemptions and W earned of the caller’s own items inside the window', async () => {
    const empty = await get(creator, '/creator/summary/');
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual({
      days: 30,
      quests: { count: 0, views: 0, joins: 0, w_paid: '0.00' },
      perks: { count: 0, views: 0, redemptions: 0, w_earned: '0.00' },
    });

    const quest = await post(creator, '/tasks/', {
      title: 'Post about the launch',
      description: 'Post about our launch with the hashtag and send the link.',
      reward_amount: '10.00',
      task_type: 'post',
      hashtag: '#wynlaunch',
      max_participants: 5,
    });
    const questId = quest.json().id as string;
    const perk = await post(creator, '/perks/', {
      title: 'Ten percent off',
      description: 'A discount code for the shop, valid this month.',
      cost_amount: '5.00',
      perk_type: 'discount_code',
      discount_code: 'WYN10',
      max_participants: 3,
    });
    const perkId = perk.json().id as string;
    // Someone else's quest never counts.
    await post(member, '/tasks/', {
      title: 'Another creator quest',
      description: 'Not the caller’s quest, so it must not be counted.',
      reward_amount: '1.00',
      task_type: 'post',
      hashtag: '#other',
    });

    expect((await post(member, `/tasks/${questId}/participate/`)).statusCode).toBe(201);
    const proof = await post(member, `/tasks/${questId}/submit_proof/`, { proof_text: 'posted' });
    expect((await post(creator, `/task-completions/${proof.json().id}/approve/`)).statusCode).toBe(200);
    expect((await post(member, `/perks/${perkId}/redeem/`)).statusCode).toBe(200);
    await t.db.insert(contentViews).values([
      { targetType: 'quest', targetId: questId, userId: member.user.id, day: day(0) },
      { targetType: 'quest', targetId: questId, userId: member.user.id, day: day(-40) },
      { targetType: 'perk', targetId: perkId, userId: member.user.id, day: day(-1) },
    ]);

    const month = (await get(creator, '/creator/summary/')).json();
    expect(month).toEqual({
      days: 30,
      quests: { count: 1, views: 1, joins: 1, w_paid: '10.00' },
      perks: { count: 1, views: 1, redemptions: 1, w_earned: '5.00' },
    });
    const quarter = (await get(creator, '/creator/summary/?days=90')).json();
    expect(quarter.quests.views).toBe(2);
    expect((await get(creator, '/creator/summary/?days=7')).statusCode).toBe(400);
    // The member sees only their own (one quest, nothing happened on it).
    expect((await get(member, '/creator/summary/')).json().quests).toEqual({
      count: 1,
      views: 0,
      joins: 0,
      w_paid: '0.00',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/club/creator/summary/' })).statusCode).toBe(401);
  });
});
