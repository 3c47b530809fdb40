import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { QUEST_MSG } from '@wyn/contract';
import { createTestApp, usingPostgres, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { statusCounts } from '../../../test/status-counts.ts';
import { clubRequests } from '../../../test/club-requests.ts';
import { outboxEvents, quests, tags, wallets } from '../../db/schema/index.ts';
import { checkLedgerInvariants, getMemberWallet, mint } from '../wallet/wallet.service.ts';

/** `PATCH tasks/{id}/` (docs/product.md, "Editing a quest"): who may, what may change, and where escrow goes. */

let t: TestApp;
type Member = Awaited<ReturnType<typeof createMember>>;
let creator: Member;
let member: Member;
let other: Member;
beforeAll(async () => {
  t = await createTestApp({ poolSize: 30 });
  creator = await createMember(t);
  const w = await getMemberWallet(t.db, creator.user.id);
  await t.db.transaction((tx) => mint(tx, w.id, 100_000, 'test funds')); // 1,000 W
  member = await createMember(t);
  other = await createMember(t);
});
afterAll(() => t.close());

const { post, get, patch } = clubRequests(() => t.app);
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
const balance = async (m: Member) => (await getMemberWallet(t.db, m.user.id)).balance;
async function escrowHeld(questId: string) {
  const [w] = await t.db
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(and(eq(wallets.kind, 'escrow'), eq(wallets.questId, questId)));
  return w?.balance ?? 0;
}
const expectLedgerOk = async () => expect(await checkLedgerInvariants(t.db)).toEqual([]);

async function createQuest(overrides: Record<string, unknown> = {}) {
  const res = await post(creator, '/tasks/', {
    title: 'Post about the launch',
    description: 'Post about our launch with the hashtag and send the link.',
    reward_amount: '10.00',
    task_type: 'post',
    hashtag: '#wynlaunch',
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}
const join = async (questId: string, who: Member) =>
  expect((await post(who, `/tasks/${questId}/participate/`)).statusCode).toBe(201);

describe('PATCH tasks/{id}/: who and what', () => {
  it('lets the creator change text, cover and tags, and answers with the quest as the creator sees it', async () => {
    const id = await createQuest();
    const [tag] = await t.db
      .insert(tags)
      .values({ name: `Edit ${Date.now()}` })
      .returning();
    const res = await patch(creator, `/tasks/${id}/`, {
      title: 'Post about the big launch',
      description: 'Post about our big launch with the hashtag and send us the link.',
      completion_criteria: 'A public post with #wynlaunch',
      tags: [tag!.id],
      media: '/media/quests/cover.png',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      title: 'Post about the big launch',
      completion_criteria: 'A public post with #wynlaunch',
      tags: [{ id: tag!.id }],
      media: '/media/quests/cover.png',
      is_creator: true,
      hashtag: '#wynlaunch',
    });
    // null clears an optional field and the cover.
    const cleared = await patch(creator, `/tasks/${id}/`, { completion_criteria: null, media: null });
    expect(cleared.json()).toMatchObject({ completion_criteria: '', media: null });
    const [event] = await t.db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.type, 'quest.updated'), sql`${outboxEvents.payload}->>'questId' = ${id}`));
    expect(event?.payload).toMatchObject({ questId: id, creatorId: creator.user.id, walletChanged: false });
  });

  it('refuses anyone else (403), a hidden or unknown quest (404), fields a creator may not set and bad values (400)', async () => {
    const id = await createQuest();
    expect((await patch(other, `/tasks/${id}/`, { title: 'Taken over by someone' })).statusCode).toBe(403);
    expect((await patch(member, `/tasks/${id}/`, { reward_amount: '1.00' })).statusCode).toBe(403);
    expect(
      (await patch(creator, `/tasks/00000000-0000-4000-8000-000000000000/`, { title: 'Nothing here' })).statusCode,
    ).toBe(404);
    for (const body of [
      { task_type: 'visit' },
      { hashtag: '#other' },
      { status: 'published' },
      { current_participants: 0 },
      { creator: other.user.id },
      { title: 'ab' },
      { reward_amount: '0' },
      { reward_amount: '1.234' },
      { max_participants: 0 },
      { deadline: 'soon' },
      { media: 'https://evil.example/x.png' },
      { tags: ['not-a-uuid'] },
    ]) {
      const r = await patch(creator, `/tasks/${id}/`, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().detail, JSON.stringify(body)).toEqual(expect.any(String));
    }
    await t.db.update(quests).set({ isHidden: true }).where(eq(quests.id, id));
    expect((await patch(creator, `/tasks/${id}/`, { title: 'Hidden quest renamed' })).statusCode).toBe(404);
    const anon = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/club/tasks/${id}/`,
      payload: { title: 'Anonymous' },
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe('PATCH tasks/{id}/: reward, places, deadline and escrow', () => {
  it('changes the reward before anyone joined (escrow follows), and refuses it after', async () => {
    const id = await createQuest({ max_participants: 4 });
    const start = await balance(creator);
    expect(await escrowHeld(id)).toBe(4_000);
    const up = await patch(creator, `/tasks/${id}/`, { reward_amount: '12.50' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().reward_amount).toBe('12.50');
    expect(await escrowHeld(id)).toBe(5_000);
    expect(await balance(creator)).toBe(start - 1_000);
    await join(id, member);
    const locked = await patch(creator, `/tasks/${id}/`, { reward_amount: '20.00' });
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toMatchObject({
      detail: QUEST_MSG.rewardLocked,
      errors: { reward_amount: [QUEST_MSG.rewardLocked] },
    });
    // Sending the same reward back with the form is no change.
    expect(
      (await patch(creator, `/tasks/${id}/`, { reward_amount: '12.50', title: 'Same reward, new title' })).statusCode,
    ).toBe(200);
    await expectLedgerOk();
  });

  it('adds places by taking reward × added from the creator, and returns reward × removed, never below who joined', async () => {
    const id = await createQuest({ max_participants: 3 });
    await join(id, member);
    await join(id, other);
    const start = await balance(creator);
    const more = await patch(creator, `/tasks/${id}/`, { max_participants: 10 });
    expect(more.statusCode, more.body).toBe(200);
    expect(await escrowHeld(id)).toBe(10_000);
    expect(await balance(creator)).toBe(start - 7_000);
    const fewer = await patch(creator, `/tasks/${id}/`, { max_participants: 2 });
    expect(fewer.statusCode, fewer.body).toBe(200);
    expect(fewer.json()).toMatchObject({ max_participants: 2, current_participants: 2 });
    expect(await escrowHeld(id)).toBe(2_000);
    expect(await balance(creator)).toBe(start + 1_000);
    const below = await patch(creator, `/tasks/${id}/`, { max_participants: 1 });
    expect(below.statusCode).toBe(400);
    expect(below.json().detail).toBe(QUEST_MSG.maxBelowJoined(2));
    const unlimited = await patch(creator, `/tasks/${id}/`, { max_participants: null });
    expect(unlimited.json().detail).toBe(QUEST_MSG.capLocked);
    await expectLedgerOk();
  });

  it('counts approved places as paid: escrow is reward × (places − approved)', async () => {
    const id = await createQuest({ max_participants: 3 });
    await join(id, member);
    const proof = await post(member, `/tasks/${id}/submit_proof/`, { proof_text: 'posted it' });
    expect((await post(creator, `/task-completions/${proof.json().id}/approve/`)).statusCode).toBe(200);
    expect(await escrowHeld(id)).toBe(2_000);
    expect((await patch(creator, `/tasks/${id}/`, { max_participants: 5 })).statusCode).toBe(200);
    expect(await escrowHeld(id)).toBe(4_000);
    await expectLedgerOk();
  });

  it('refuses extra places the creator cannot pay for, saying how much they need, and changes nothing', async () => {
    const id = await createQuest({ max_participants: 1, title: 'Too big to grow' });
    const start = await balance(creator);
    const res = await patch(creator, `/tasks/${id}/`, { max_participants: 1_000_000, title: 'Grown quest title' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'insufficient_funds', detail: QUEST_MSG.insufficientToGrow('9999990 W') });
    expect(await balance(creator)).toBe(start);
    const detail = (await get(creator, `/tasks/${id}/`)).json();
    expect(detail).toMatchObject({ title: 'Too big to grow', max_participants: 1 });
  });

  it('caps an unlimited quest (escrow for the places) and uncaps one no one joined (escrow back)', async () => {
    const id = await createQuest();
    const start = await balance(creator);
    expect((await patch(creator, `/tasks/${id}/`, { max_participants: 3 })).statusCode).toBe(200);
    expect(await escrowHeld(id)).toBe(3_000);
    expect(await balance(creator)).toBe(start - 3_000);
    expect((await patch(creator, `/tasks/${id}/`, { max_participants: null })).json().max_participants).toBeNull();
    expect(await escrowHeld(id)).toBe(0);
    expect(await balance(creator)).toBe(start);
    const [event] = await t.db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.type, 'quest.updated'), sql`${outboxEvents.payload}->>'questId' = ${id}`))
      .limit(1);
    expect(event?.payload).toMatchObject({ walletChanged: true });
    await expectLedgerOk();
  });

  it('moves the deadline freely before anyone joined and only later after', async () => {
    const id = await createQuest({ deadline: inDays(5) });
    expect((await patch(creator, `/tasks/${id}/`, { deadline: inDays(2) })).statusCode).toBe(200);
    const past = await patch(creator, `/tasks/${id}/`, { deadline: inDays(-1) });
    expect(past.json()).toMatchObject({
      detail: QUEST_MSG.deadlinePast,
      errors: { deadline: [QUEST_MSG.deadlinePast] },
    });
    await join(id, member);
    const earlier = await patch(creator, `/tasks/${id}/`, { deadline: inDays(1) });
    expect(earlier.statusCode).toBe(400);
    expect(earlier.json().detail).toBe(QUEST_MSG.deadlineExtendOnly);
    const nine = inDays(9);
    const later = await patch(creator, `/tasks/${id}/`, { deadline: nine });
    expect(later.statusCode).toBe(200);
    expect(Date.parse(later.json().deadline)).toBe(Date.parse(nine));
    expect((await patch(creator, `/tasks/${id}/`, { deadline: null })).json().deadline).toBeNull();
    // From no deadline to one is earlier than never.
    expect((await patch(creator, `/tasks/${id}/`, { deadline: inDays(20) })).json().detail).toBe(
      QUEST_MSG.deadlineExtendOnly,
    );
  });

  it('on a closed quest changes only text, cover and tags', async () => {
    const id = await createQuest({ max_participants: 2 });
    expect((await post(creator, `/tasks/${id}/close/`)).statusCode).toBe(200);
    const places = await patch(creator, `/tasks/${id}/`, { max_participants: 5 });
    expect(places.statusCode).toBe(400);
    expect(places.json().detail).toBe(QUEST_MSG.endedFieldsLocked);
    expect((await patch(creator, `/tasks/${id}/`, { deadline: inDays(3) })).json().detail).toBe(
      QUEST_MSG.endedFieldsLocked,
    );
    const text = await patch(creator, `/tasks/${id}/`, { title: 'Closed quest, better title' });
    expect(text.statusCode).toBe(200);
    expect(text.json()).toMatchObject({ status: 'closed', title: 'Closed quest, better title' });
    expect(await escrowHeld(id)).toBe(0);
    await expectLedgerOk();
  });
});

describe.runIf(usingPostgres)('PATCH tasks/{id}/ racing joins (PostgreSQL)', () => {
  // The edit is sent once `after` joins have answered, while the rest are in flight: each round lands it at a
  // different point of the rush.
  it.each([0, 3, 6, 9])(
    'lowering places while members join (edit after %i joins) never leaves more joined than places',
    async (after) => {
      const id = await createQuest({ max_participants: 20 });
      const joiners = await Promise.all(Array.from({ length: 12 }, () => createMember(t)));
      let answered = 0;
      let fireEdit!: () => void;
      const editSent = new Promise<void>((resolve) => (fireEdit = resolve));
      if (after === 0) fireEdit();
      const joins = joiners.map((m) =>
        post(m, `/tasks/${id}/participate/`).then((r) => {
          answered += 1;
          if (answered === after) fireEdit();
          return r;
        }),
      );
      const edit = editSent.then(() => patch(creator, `/tasks/${id}/`, { max_participants: 6 }));
      const [editRes, ...joinResults] = await Promise.all([edit, ...joins]);
      const counts = statusCounts(joinResults);
      const [row] = await t.db.select().from(quests).where(eq(quests.id, id));
      if (editRes!.statusCode === 200) {
        expect(row!.maxParticipants).toBe(6);
        expect(row!.currentParticipants).toBeLessThanOrEqual(6);
        expect(await escrowHeld(id)).toBe(6 * 1_000);
      } else {
        // More than 6 had joined when the edit ran: refused with the count it saw, places unchanged.
        expect(editRes!.statusCode).toBe(400);
        expect(editRes!.json().detail).toMatch(/already joined/);
        expect(row!.maxParticipants).toBe(20);
        expect(await escrowHeld(id)).toBe(20 * 1_000);
      }
      expect(counts[201]).toBe(row!.currentParticipants);
      expect((counts[201] ?? 0) + (counts[400] ?? 0)).toBe(12);
      await expectLedgerOk();
    },
  );
});
