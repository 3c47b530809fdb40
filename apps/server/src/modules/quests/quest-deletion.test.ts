import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, usingPostgres, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { clubRequests } from '../../../test/club-requests.ts';
import { questCompletions, quests, transactions } from '../../db/schema/index.ts';
import { checkLedgerInvariants, getMemberWallet, mint } from '../wallet/wallet.service.ts';

/** Deleting a quest never erases paid history (issue #12, item 3). */
let t: TestApp;
type Member = Awaited<ReturnType<typeof createMember>>;
let creator: Member;
beforeAll(async () => {
  t = await createTestApp({ poolSize: 30 });
  creator = await createMember(t);
  const w = await getMemberWallet(t.db, creator.user.id);
  await t.db.transaction((tx) => mint(tx, w.id, 1_000_000, 'test funds'));
});
afterAll(() => t.close());

const { post, get, del } = clubRequests(() => t.app);
const balance = async (m: Member) => (await getMemberWallet(t.db, m.user.id)).balance;

async function questWithSubmission(maxParticipants: number | null) {
  const res = await post(creator, '/tasks/', {
    title: 'Follow our studio',
    description: 'Follow the studio account on Instagram and send your handle.',
    reward_amount: '10.00',
    task_type: 'follow',
    social_platform: '@wyn.studio',
    ...(maxParticipants ? { max_participants: maxParticipants } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  const questId = res.json().id as string;
  const member = await createMember(t);
  expect((await post(member, `/tasks/${questId}/participate/`)).statusCode).toBe(201);
  const proof = await post(member, `/tasks/${questId}/submit_proof/`, { proof_text: '@me' });
  expect(proof.statusCode, proof.body).toBe(200);
  return { questId, member, completionId: proof.json().id as string };
}

/** What must survive: the approved completion, its reward transaction, the member's paid balance. */
async function expectPaidHistoryKept(questId: string, completionId: string, member: Member, paidFrom: number) {
  const [c] = await t.db.select().from(questCompletions).where(eq(questCompletions.id, completionId));
  expect(c?.verificationStatus).toBe('approved');
  expect(c?.rewardTransactionId).toBeTruthy();
  const [tx] = await t.db.select().from(transactions).where(eq(transactions.id, c!.rewardTransactionId!));
  expect(tx).toBeTruthy();
  const [q] = await t.db.select().from(quests).where(eq(quests.id, questId));
  expect(q).toBeTruthy();
  expect(q!.isHidden).toBe(true);
  expect((await balance(member)) - paidFrom).toBe(1000);
  expect(await checkLedgerInvariants(t.db)).toEqual([]);
}

describe('deleting a quest with paid completions', () => {
  it('archives it: the completion, its transaction and the member activity stay; unused escrow returns', async () => {
    const { questId, member, completionId } = await questWithSubmission(3);
    const paidFrom = await balance(member);
    expect((await post(creator, `/task-completions/${completionId}/approve/`)).statusCode).toBe(200);
    const creatorBefore = await balance(creator);
    expect((await del(creator, `/tasks/${questId}/`)).statusCode).toBe(204);
    await expectPaidHistoryKept(questId, completionId, member, paidFrom);
    // Two unused places of 10 W came back from escrow.
    expect((await balance(creator)) - creatorBefore).toBe(2000);
    const activity = await get(member, `/profiles/${member.user.id}/`);
    expect(activity.statusCode).toBe(200);
    expect(JSON.stringify(activity.json())).toContain(questId);
  });
});

describe.runIf(usingPostgres)('deletion racing a payout (PostgreSQL)', () => {
  it('an approval and a delete at once never leave a payout without its completion', async () => {
    const outcomes = { paidAndArchived: 0, deletedFirst: 0 };
    for (const max of [3, null]) {
      for (let round = 0; round < 5; round++) {
        const { questId, member, completionId } = await questWithSubmission(max);
        const paidFrom = await balance(member);
        const [approve, remove] = await Promise.all([
          post(creator, `/task-completions/${completionId}/approve/`),
          del(creator, `/tasks/${questId}/`),
        ]);
        expect(remove.statusCode, remove.body).toBe(204);
        if (approve.statusCode === 200) {
          outcomes.paidAndArchived += 1;
          await expectPaidHistoryKept(questId, completionId, member, paidFrom);
        } else {
          outcomes.deletedFirst += 1;
          // The delete came first: nothing was paid, and the approval was refused with a client error.
          expect(approve.statusCode, approve.body).toBeLessThan(500);
          expect(await balance(member)).toBe(paidFrom);
          expect(await checkLedgerInvariants(t.db)).toEqual([]);
        }
      }
    }
    console.info(`approve vs delete, 10 rounds: ${JSON.stringify(outcomes)}`);
  });
});
