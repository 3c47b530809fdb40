import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { clubRequests } from '../../../test/club-requests.ts';
import { wallets } from '../../db/schema/index.ts';
import { checkLedgerInvariants, getMemberWallet, mint } from '../wallet/wallet.service.ts';

/**
 * Closing a quest early with a submission still pending (issue #15 item 12): the unused escrow comes back at
 * once, one reward stays held for the pending proof, and the review that follows either pays the member from it
 * or returns it to the creator. The ledger's invariants hold after every step.
 */

let t: TestApp;
type Member = Awaited<ReturnType<typeof createMember>>;
let creator: Member;
beforeAll(async () => {
  t = await createTestApp();
  creator = await createMember(t);
  const w = await getMemberWallet(t.db, creator.user.id);
  await t.db.transaction((tx) => mint(tx, w.id, 100_000, 'test funds')); // 1,000 W
});
afterAll(() => t.close());

const { post, get } = clubRequests(() => t.app);
const REWARD = 1_000; // 10.00 W
const balance = async (m: Member) => (await getMemberWallet(t.db, m.user.id)).balance;
async function escrowHeld(questId: string) {
  const [w] = await t.db
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(and(eq(wallets.kind, 'escrow'), eq(wallets.questId, questId)));
  return w?.balance ?? 0;
}
const expectLedgerOk = async () => expect(await checkLedgerInvariants(t.db)).toEqual([]);

/** A quest with 3 places, one member joined with a pending proof; then the creator closes it. */
async function closedWithPendingProof() {
  const created = await post(creator, '/tasks/', {
    title: 'Post about the launch',
    description: 'Post about our launch with the hashtag and send the link.',
    reward_amount: '10.00',
    task_type: 'post',
    hashtag: '#wynlaunch',
    max_participants: 3,
  });
  expect(created.statusCode, created.body).toBe(201);
  const questId = created.json().id as string;
  expect(await escrowHeld(questId)).toBe(3 * REWARD);

  const member = await createMember(t);
  expect((await post(member, `/tasks/${questId}/participate/`)).statusCode).toBe(201);
  const proof = await post(member, `/tasks/${questId}/submit_proof/`, { proof_text: 'https://x.com/me/1' });
  expect(proof.statusCode, proof.body).toBe(200);
  const completionId = proof.json().id as string;

  const creatorBefore = await balance(creator);
  const memberBefore = await balance(member);
  const closed = await post(creator, `/tasks/${questId}/close/`);
  expect(closed.statusCode, closed.body).toBe(200);
  // Two unused places come back at once; one reward stays for the pending proof.
  expect(closed.json()).toMatchObject({ status: 'closed', refunded_amount: '20.00' });
  expect(await balance(creator)).toBe(creatorBefore + 2 * REWARD);
  expect(await escrowHeld(questId)).toBe(REWARD);
  expect(await balance(member)).toBe(memberBefore);
  await expectLedgerOk();

  // Closed: nobody else joins, and the proof is still waiting for review.
  const late = await createMember(t);
  expect((await post(late, `/tasks/${questId}/participate/`)).statusCode).toBe(400);
  const detail = (await get(creator, `/tasks/${questId}/`)).json();
  expect(detail).toMatchObject({ status: 'closed', pending_review_count: 1 });
  return { questId, completionId, member, creatorAfterClose: creatorBefore + 2 * REWARD, memberBefore };
}

describe('closing a quest early with a pending submission', () => {
  it('approving the pending proof afterwards pays the member from the held reward and empties escrow', async () => {
    const { questId, completionId, member, creatorAfterClose, memberBefore } = await closedWithPendingProof();
    const approved = await post(creator, `/task-completions/${completionId}/approve/`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await balance(member)).toBe(memberBefore + REWARD);
    expect(await escrowHeld(questId)).toBe(0);
    // The creator paid nothing more: the reward came out of escrow.
    expect(await balance(creator)).toBe(creatorAfterClose);
    await expectLedgerOk();
  });

  it('rejecting the pending proof afterwards returns the held reward to the creator', async () => {
    const { questId, completionId, member, creatorAfterClose, memberBefore } = await closedWithPendingProof();
    const rejected = await post(creator, `/task-completions/${completionId}/reject/`, { reason: 'No hashtag' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await escrowHeld(questId)).toBe(0);
    expect(await balance(creator)).toBe(creatorAfterClose + REWARD);
    expect(await balance(member)).toBe(memberBefore);
    await expectLedgerOk();
  });
});
