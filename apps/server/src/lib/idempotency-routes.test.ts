import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { createMember } from '../../test/users.ts';
import { multipartBody, PNG_1PX } from '../../test/multipart.ts';
import { perks, quests } from '../db/schema/index.ts';
import { checkLedgerInvariants, getMemberWallet } from '../modules/wallet/wallet.service.ts';

/** Every creating or money-moving POST answers a repeated Idempotency-Key with its first answer. */
let t: TestApp;
type Member = Awaited<ReturnType<typeof createMember>>;
let creator: Member;
let member: Member;
beforeAll(async () => {
  t = await createTestApp();
  creator = await createMember(t);
  member = await createMember(t);
});
afterAll(() => t.close());

const api = '/api/v1/club';
const post = (by: Member, path: string, key: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${api}${path}`,
    headers: { ...by.auth, 'idempotency-key': key, ...headers },
    payload: payload as object,
  });
const questForm = (image: Buffer) =>
  multipartBody(
    {
      title: 'Post your desk',
      description: 'Share a photo of your desk with the hashtag.',
      reward_amount: '5',
      task_type: 'post',
      hashtag: '#wyndesk',
      max_participants: '3',
    },
    [{ field: 'media', filename: 'desk.png', bytes: image, type: 'image/png' }],
  );
const questsOf = async (m: Member) => t.db.select().from(quests).where(eq(quests.creatorId, m.user.id));

describe('Idempotency-Key on the creating and money-moving POSTs', () => {
  it('multipart quest create: the same fields and file bytes replay; another file is 422', async () => {
    const before = (await getMemberWallet(t.db, creator.user.id)).balance;
    // Each form gets its own boundary: the hash is of fields and file bytes, not of the raw body.
    const a = questForm(PNG_1PX);
    const first = await post(creator, '/tasks/', 'quest-1', a.payload, a.headers);
    expect(first.statusCode, first.body).toBe(201);
    const b = questForm(PNG_1PX);
    const again = await post(creator, '/tasks/', 'quest-1', b.payload, b.headers);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const c = questForm(Buffer.concat([PNG_1PX, Buffer.from('other bytes')]));
    const other = await post(creator, '/tasks/', 'quest-1', c.payload, c.headers);
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json().code).toBe('idempotency_key_reused');
    expect(await questsOf(creator)).toHaveLength(1);
    // Escrow of reward × max taken once.
    expect((await getMemberWallet(t.db, creator.user.id)).balance).toBe(before - 1500);
  });

  it('perk create, participate, submit_proof, reject and approve_all replay their first answer', async () => {
    const perk = {
      title: 'Studio pass',
      description: 'A day in the studio with the crew.',
      cost_amount: '20',
      perk_type: 'event_invitation',
      event_details: 'Studio 4',
    };
    const p1 = await post(creator, '/perks/', 'perk-1', perk);
    const p2 = await post(creator, '/perks/', 'perk-1', perk);
    expect(p1.statusCode, p1.body).toBe(201);
    expect(p2.json()).toEqual(p1.json());
    expect(await t.db.select().from(perks).where(eq(perks.creatorId, creator.user.id))).toHaveLength(1);

    const [quest] = await questsOf(creator);
    const j1 = await post(member, `/tasks/${quest!.id}/participate/`, 'join-1');
    const j2 = await post(member, `/tasks/${quest!.id}/participate/`, 'join-1');
    expect(j1.statusCode, j1.body).toBe(201);
    expect(j2.statusCode).toBe(201);
    expect(j2.headers['idempotent-replayed']).toBe('true');
    expect(j2.json()).toEqual(j1.json());

    const s1 = await post(member, `/tasks/${quest!.id}/submit_proof/`, 'proof-1', { proof_text: '#wyndesk done' });
    const s2 = await post(member, `/tasks/${quest!.id}/submit_proof/`, 'proof-1', { proof_text: '#wyndesk done' });
    expect(s1.statusCode, s1.body).toBe(200);
    expect(s2.json()).toEqual(s1.json());
    const completionId = s1.json().id as string;

    const r1 = await post(creator, `/task-completions/${completionId}/reject/`, 'reject-1', { reason: 'No desk.' });
    expect(r1.statusCode, r1.body).toBe(200);
    const r2 = await post(creator, `/task-completions/${completionId}/reject/`, 'reject-1', { reason: 'No desk.' });
    expect(r2.headers['idempotent-replayed']).toBe('true');
    expect(r2.json()).toEqual(r1.json());
    const r3 = await post(creator, `/task-completions/${completionId}/reject/`, 'reject-1', { reason: 'Other.' });
    expect(r3.statusCode).toBe(422);

    await post(member, `/tasks/${quest!.id}/submit_proof/`, 'proof-2', { proof_text: '#wyndesk again' });
    const paidBefore = (await getMemberWallet(t.db, member.user.id)).balance;
    const a1 = await post(creator, '/task-completions/approve_all/', 'all-1', { task: quest!.id });
    const a2 = await post(creator, '/task-completions/approve_all/', 'all-1', { task: quest!.id });
    expect(a1.statusCode, a1.body).toBe(200);
    expect(a2.headers['idempotent-replayed']).toBe('true');
    expect(a2.json()).toEqual(a1.json());
    expect((await getMemberWallet(t.db, member.user.id)).balance).toBe(paidBefore + 500);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('a key is scoped to its path: the same key on another perk redeems that one too', async () => {
    const make = async (title: string) => {
      const res = await post(creator, '/perks/', `make-${title}`, {
        title,
        description: 'A code for the shop, valid this month.',
        cost_amount: '10',
        perk_type: 'discount_code',
        discount_code: 'SHOP10',
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const [x, y] = [await make('Shop code one'), await make('Shop code two')];
    const before = (await getMemberWallet(t.db, member.user.id)).balance;
    expect((await post(member, `/perks/${x}/redeem/`, 'same-key')).statusCode).toBe(200);
    const second = await post(member, `/perks/${y}/redeem/`, 'same-key');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect((await getMemberWallet(t.db, member.user.id)).balance).toBe(before - 2000);
  });

  it('refuses a key longer than 200 characters', async () => {
    const res = await post(creator, '/perks/', 'k'.repeat(201), {});
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Idempotency-Key must be at most 200 characters.');
  });
});
