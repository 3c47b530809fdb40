import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { LiveEvent } from '@wyn/contract';
import { createTestApp, usingPostgres, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { clubRequests } from '../../../test/club-requests.ts';
import { whileWalletHeld } from '../../../test/row-locks.ts';
import { signInitData, signLoginWidget } from '../../../test/telegram-signing.ts';
import type { Tx } from '../../db/client.ts';
import { createTokenSigner } from '../../lib/tokens.ts';
import { outboxEvents, questCompletions, referrals, transactions, users, xpEntries } from '../../db/schema/index.ts';
import { liveEventsOf } from '../../integrations/live-events.ts';
import { checkLedgerInvariants, getMemberWallet } from '../wallet/wallet.service.ts';
import {
  ensureReferralCode,
  qualifyReferralTx,
  recordReferral,
  REFERRER_REWARD_DESCRIPTION,
  WELCOME_DESCRIPTION,
} from './referrals.service.ts';
import { xpOf } from './xp.service.ts';

/** Referrals (issue #16 items 8–10): recorded only for new accounts, paid once on the first approval, capped. */

type Member = Awaited<ReturnType<typeof createMember>>;
const DAY = 86_400_000;

/** The member with a token the app's clock, moved `offsetMs` ahead, still accepts. */
async function signedAt(t: TestApp, m: Member, offsetMs: number): Promise<Member> {
  const { token } = await createTokenSigner(t.config.jwtSecret, () => new Date(Date.now() + offsetMs)).signAccess(
    m.user.id,
    false,
  );
  return { ...m, token, auth: { authorization: `Bearer ${token}` } };
}

function suite(t: () => TestApp) {
  const { get, post } = clubRequests(() => t().app);
  const balance = async (m: Member) => (await getMemberWallet(t().db, m.user.id)).balance;
  const codeOf = (m: Member) => ensureReferralCode(t().db, m.user.id);

  /** A member referred by `referrer` (created the way a sign-up through the link creates them). */
  async function referredMember(referrer: Member): Promise<Member> {
    const code = await codeOf(referrer);
    let recorded = false;
    const m = await createMember(t(), {
      inCreation: async (tx, user) => {
        recorded = await recordReferral(tx, { inviteeId: user.id, code, at: new Date() });
      },
    });
    expect(recorded).toBe(true);
    return m;
  }

  /** A quest by `creator`, joined and submitted by `member`: the completion id, ready to approve. */
  async function submitted(creator: Member, member: Member, reward = '5.00'): Promise<string> {
    const q = await post(creator, '/tasks/', {
      title: 'Referral quest',
      description: 'A quest for the referral tests.',
      reward_amount: reward,
      task_type: 'follow',
      social_platform: '@wyn.referrals',
      max_participants: 2,
    });
    expect(q.statusCode, q.body).toBe(201);
    const id = q.json().id as string;
    expect((await post(member, `/tasks/${id}/participate/`)).statusCode).toBe(201);
    const s = await post(member, `/tasks/${id}/submit_proof/`, { proof_text: '@me' });
    expect(s.statusCode, s.body).toBe(200);
    return s.json().id as string;
  }
  const approve = (creator: Member, completionId: string) =>
    post(creator, `/task-completions/${completionId}/approve/`);

  return { get, post, balance, codeOf, referredMember, submitted, approve };
}

describe('referrals', () => {
  let t: TestApp;
  /** Every live event on the database's channel (what every instance's streams receive). */
  const wire: (LiveEvent & { user_id: string })[] = [];
  let stopListening: () => void;
  beforeAll(async () => {
    t = await createTestApp({ env: { TELEGRAM_MINIAPP_SHORT_NAME: 'club' } });
    // Every live event this instance's streams receive (the wallet's are delivered in-process, decision 0018).
    stopListening = liveEventsOf(t.database)!.subscribeAll((userId, e) => wire.push({ user_id: userId, ...e }));
  });
  afterAll(async () => {
    stopListening();
    await t.close();
  });
  async function until(check: () => boolean, ms = 10_000) {
    const end = Date.now() + ms;
    while (!check()) {
      if (Date.now() > end) throw new Error('timed out waiting');
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  const s = suite(() => t);

  it('gives every member a short, stable, URL-safe code and both links', async () => {
    const m = await createMember(t);
    const res = await s.get(m, '/referrals/');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.code).toMatch(/^[a-z0-9]{10}$/);
    expect(body.link).toBe(`https://t.me/wyn_test_bot/club?startapp=r_${body.code}`);
    expect(body.web_link).toBe(`${t.config.publicUrl}/?startapp=r_${body.code}`);
    expect(body).toMatchObject({
      invited: [],
      invited_count: 0,
      qualified_count: 0,
      total_earned: '0.00',
      reward: '20.00',
      welcome: '10.00',
      daily_cap: 10,
      qualify_days: 30,
    });
    expect((await s.get(m, '/referrals/')).json().code).toBe(body.code);
    const other = await createMember(t);
    expect((await s.get(other, '/referrals/')).json().code).not.toBe(body.code);
  });

  it('records a newcomer who registers with the code; unknown and malformed codes are ignored', async () => {
    const inviter = await createMember(t);
    const code = await s.codeOf(inviter);
    const reg = (username: string, referral_code: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/bot/register/',
        payload: { username, password: 'Str0ng-pass!', referral_code },
      });
    expect((await reg('ref_newcomer', `r_${code}`)).statusCode).toBe(201);
    expect((await reg('ref_unknown', 'nosuchcode')).statusCode).toBe(201);
    expect((await reg('ref_malformed', 'no spaces allowed!')).statusCode).toBe(201);
    const rows = await t.db.select().from(referrals).where(eq(referrals.referrerId, inviter.user.id));
    const [newcomer] = await t.db.select().from(users).where(eq(users.username, 'ref_newcomer'));
    expect(rows.map((r) => [r.inviteeId, r.status])).toEqual([[newcomer!.id, 'pending']]);
    const list = (await s.get(inviter, '/referrals/')).json();
    expect(list.invited).toHaveLength(1);
    expect(list.invited[0]).toMatchObject({
      profile: { id: newcomer!.id, name: 'ref_newcomer' },
      status: 'pending',
      qualified_at: null,
      rewarded: false,
    });
  });

  it('records a first Mini App sign-in from the signed start_param, never an existing account', async () => {
    const inviter = await createMember(t);
    const code = await s.codeOf(inviter);
    const signIn = (id: number, startParam: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/bot/telegram-webapp-auth/',
        payload: { initData: signInitData({ id, first_name: 'Tg' }, { extra: { start_param: startParam } }) },
      });
    // An existing Telegram member opening someone's link later is not referred.
    expect((await signIn(880001, 'q_00000000-0000-4000-8000-000000000000')).statusCode).toBe(200);
    expect((await signIn(880001, `r_${code}`)).statusCode).toBe(200);
    // A newcomer is.
    expect((await signIn(880002, `r_${code}`)).statusCode).toBe(200);
    const rows = await t.db
      .select({ telegramId: users.telegramId })
      .from(referrals)
      .innerJoin(users, eq(users.id, referrals.inviteeId))
      .where(eq(referrals.referrerId, inviter.user.id));
    expect(rows).toEqual([{ telegramId: '880002' }]);
  });

  it('never refers an existing account, with the inviting member’s real code, however it signs in', async () => {
    const inviter = await createMember(t);
    const code = await s.codeOf(inviter);
    // A member who registered with a password and later linked Telegram.
    const existing = await createMember(t, { telegramId: '880201' });
    const widget = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bot/telegram-webapp-auth/',
      payload: { telegram_user_info: signLoginWidget({ id: 880201, first_name: 'Old' }), referral_code: code },
    });
    expect(widget.statusCode, widget.body).toBe(200);
    expect(widget.json().user.id).toBe(existing.user.id);
    const miniApp = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bot/telegram-webapp-auth/',
      payload: { initData: signInitData({ id: 880201, first_name: 'Old' }, { extra: { start_param: `r_${code}` } }) },
    });
    expect(miniApp.statusCode, miniApp.body).toBe(200);
    expect(miniApp.json().user.id).toBe(existing.user.id);
    // Nor when the service is called for it directly (the caller did not just create it): the code is real.
    const direct = await t.db.transaction((tx) =>
      recordReferral(tx, { inviteeId: existing.user.id, code, at: new Date() }),
    );
    expect(direct).toBe(false);
    expect(await t.db.select().from(referrals).where(eq(referrals.referrerId, inviter.user.id))).toEqual([]);
    expect((await s.get(inviter, '/referrals/')).json()).toMatchObject({ invited: [], invited_count: 0 });
  });

  it('records a first login-widget sign-in carrying the code the web app kept', async () => {
    const inviter = await createMember(t);
    const code = await s.codeOf(inviter);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bot/telegram-webapp-auth/',
      payload: { telegram_user_info: signLoginWidget({ id: 880101, first_name: 'Wid' }), referral_code: code },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(referrals).where(eq(referrals.inviteeId, res.json().user.id));
    expect(row?.referrerId).toBe(inviter.user.id);
  });

  it('leaves invitees hidden by staff or disabled off the list and its count', async () => {
    const inviter = await createMember(t);
    const [shown, hidden, disabled] = [
      await s.referredMember(inviter),
      await s.referredMember(inviter),
      await s.referredMember(inviter),
    ];
    await t.db.update(users).set({ hiddenByStaff: true }).where(eq(users.id, hidden.user.id));
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, disabled.user.id));
    const list = (await s.get(inviter, '/referrals/')).json();
    expect(list.invited.map((i: { profile: { id: string } }) => i.profile.id)).toEqual([shown.user.id]);
    expect(list.invited_count).toBe(1);
  });

  it('refuses self-referral and cycles silently', async () => {
    const a = await createMember(t);
    const b = await s.referredMember(a);
    const c = await s.referredMember(b);
    const [codeB, codeC] = [await s.codeOf(b), await s.codeOf(c)];
    /** What `answer` (recordReferral) says in the transaction that creates a newcomer. */
    const asNewcomer = async (answer: (tx: Tx, id: string) => Promise<boolean>) => {
      let result: boolean | undefined;
      await createMember(t, { inCreation: async (tx, user) => (result = await answer(tx, user.id)) });
      return result;
    };
    const refer = (tx: Tx, id: string, code: string) => recordReferral(tx, { inviteeId: id, code, at: new Date() });
    // Self: the newcomer's own code (made in the same transaction).
    expect(await asNewcomer(async (tx, id) => refer(tx, id, await ensureReferralCode(tx, id)))).toBe(false);
    // A cycle: a newcomer who (in data no sign-up makes, so this check is the last guard) invited `a`, the start of
    // the chain `a` → `b` → `c`.
    const cycle = async (tx: Tx, id: string) => {
      await tx.insert(referrals).values({ inviteeId: a.user.id, referrerId: id, joinedAt: new Date() });
      return (await refer(tx, id, codeC)) || (await refer(tx, id, codeB));
    };
    expect(await asNewcomer(cycle)).toBe(false);
    expect(await asNewcomer((tx, id) => refer(tx, id, codeC))).toBe(true);
  });

  it('pays only after the newcomer’s first approval, exactly once, with XP and both in the wallets', async () => {
    const inviter = await createMember(t);
    const creator = await createMember(t);
    const invitee = await s.referredMember(inviter);
    const [before, inviteeBefore] = [await s.balance(inviter), await s.balance(invitee)];

    const first = await s.submitted(creator, invitee);
    // A submission alone pays nothing.
    expect(await s.balance(inviter)).toBe(before);
    expect((await s.get(inviter, '/referrals/')).json()).toMatchObject({
      invited: [expect.objectContaining({ status: 'pending' })],
      invited_count: 1,
      qualified_count: 0,
    });

    expect((await s.approve(creator, first)).statusCode).toBe(200);
    expect(await s.balance(inviter)).toBe(before + 2000);
    expect(await s.balance(invitee)).toBe(inviteeBefore + 500 + 1000);
    expect(await xpOf(t.db, inviter.user.id)).toMatchObject({ xp: 50 });
    // Both members' open tabs are told their balance changed: the inviter once (the referral), the newcomer twice
    // (the quest's reward and the welcome).
    const walletEvents = (m: Member) => wire.filter((e) => e.user_id === m.user.id && e.type === 'wallet');
    await until(() => walletEvents(inviter).length === 1 && walletEvents(invitee).length === 2);
    const [event] = await t.db
      .select({ payload: outboxEvents.payload })
      .from(outboxEvents)
      .where(
        and(
          eq(outboxEvents.type, 'referral.rewarded'),
          sql`${outboxEvents.payload}->>'inviteeId' = ${invitee.user.id}`,
        ),
      );
    expect(event?.payload).toEqual({
      inviteeId: invitee.user.id,
      referrerId: inviter.user.id,
      welcomeCents: 1000,
      referrerRewardCents: 2000,
    });

    // A second approval changes nothing.
    const second = await s.submitted(creator, invitee);
    expect((await s.approve(creator, second)).statusCode).toBe(200);
    expect(await s.balance(inviter)).toBe(before + 2000);
    expect(await s.balance(invitee)).toBe(inviteeBefore + 500 + 1000 + 500);
    await until(() => walletEvents(invitee).length === 3);
    await new Promise((r) => setTimeout(r, 300));
    expect(walletEvents(inviter)).toHaveLength(1);

    const list = (await s.get(inviter, '/referrals/')).json();
    expect(list.total_earned).toBe('20.00');
    expect(list).toMatchObject({ invited_count: 1, qualified_count: 1 });
    expect(list.invited[0]).toMatchObject({ status: 'qualified', rewarded: true });
    expect(list.invited[0].qualified_at).not.toBeNull();
    // The invitee's welcome is a referral transaction too, but not earnings from inviting.
    expect((await s.get(invitee, '/referrals/')).json().total_earned).toBe('0.00');
    const types = await t.db
      .select({ description: transactions.description, to: transactions.toWalletId })
      .from(transactions)
      .where(eq(transactions.transactionType, 'referral_reward'));
    const inviterWallet = (await getMemberWallet(t.db, inviter.user.id)).id;
    const inviteeWallet = (await getMemberWallet(t.db, invitee.user.id)).id;
    expect(types.filter((x) => x.to === inviterWallet)).toEqual([
      { description: REFERRER_REWARD_DESCRIPTION, to: inviterWallet },
    ]);
    expect(types.filter((x) => x.to === inviteeWallet)).toEqual([
      { description: WELCOME_DESCRIPTION, to: inviteeWallet },
    ]);
    // The transactions show under the wallet's history as referral rewards.
    const history = await s.get(inviter, `/wallets/${inviterWallet}/transactions/`);
    if (history.statusCode === 200) {
      const rows = history.json().results as { transaction_type: string }[];
      expect(rows.some((r) => r.transaction_type === 'referral_reward')).toBe(true);
    }
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('pays once when two first approvals land at the same moment', async () => {
    const inviter = await createMember(t);
    const [c1, c2] = [await createMember(t), await createMember(t)];
    const invitee = await s.referredMember(inviter);
    const [a, b] = [await s.submitted(c1, invitee), await s.submitted(c2, invitee)];
    const before = await s.balance(inviter);
    const answers = await Promise.all([s.approve(c1, a), s.approve(c2, b)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await s.balance(inviter)).toBe(before + 2000);
    const entries = await t.db
      .select()
      .from(xpEntries)
      .where(and(eq(xpEntries.userId, inviter.user.id), eq(xpEntries.source, 'referral')));
    expect(entries).toHaveLength(1);
    const welcomes = await t.db
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.toWalletId, (await getMemberWallet(t.db, invitee.user.id)).id),
          eq(transactions.transactionType, 'referral_reward'),
        ),
      );
    expect(welcomes).toHaveLength(1);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('qualifies once when the consumer runs twice at the same moment', async () => {
    const inviter = await createMember(t);
    const creator = await createMember(t);
    const invitee = await s.referredMember(inviter);
    expect((await s.approve(creator, await s.submitted(creator, invitee))).statusCode).toBe(200);
    // The approval's consumer qualified it already; put it back to pending and race two more runs.
    await t.db
      .update(referrals)
      .set({ status: 'pending', qualifiedAt: null })
      .where(eq(referrals.inviteeId, invitee.user.id));
    const before = await s.balance(invitee);
    const inviterBefore = await s.balance(inviter);
    const outcomes = await Promise.all(
      [0, 1].map(() => t.db.transaction((tx) => qualifyReferralTx(tx, t.config, invitee.user.id))),
    );
    expect(outcomes.filter((o) => o !== 'none')).toHaveLength(1);
    expect(await s.balance(invitee)).toBe(before + 1000);
    // The inviter's XP entry already marks them paid for this newcomer: never a second reward.
    expect(await s.balance(inviter)).toBe(inviterBefore);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it.runIf(usingPostgres)(
    "locks the wallets of both rewards in id order before the first: never the newcomer's held while it waits (PostgreSQL)",
    async () => {
      // A newcomer whose wallet comes after the inviting member's in id order: paid move by move, the welcome
      // would hold the newcomer's wallet while the reward waits for the inviter's, and a batch of redemptions
      // holding the inviter's and waiting for the newcomer's would deadlock with it (decision 0022).
      const inviter = await createMember(t);
      const inviterWallet = (await getMemberWallet(t.db, inviter.user.id)).id;
      let invitee = await s.referredMember(inviter);
      while ((await getMemberWallet(t.db, invitee.user.id)).id < inviterWallet)
        invitee = await s.referredMember(inviter);
      const inviteeWallet = (await getMemberWallet(t.db, invitee.user.id)).id;
      const creator = await createMember(t);
      const completion = await s.submitted(creator, invitee);
      const [before, inviteeBefore] = [await s.balance(inviter), await s.balance(invitee)];
      const { checkedWasLocked, outcome } = await whileWalletHeld(
        t.db,
        { hold: inviterWallet, check: inviteeWallet },
        () => s.approve(creator, completion),
      );
      expect(checkedWasLocked).toBe(false);
      expect(outcome.statusCode).toBe(200);
      await vi.waitFor(async () => expect(await s.balance(inviter)).toBe(before + 2000), { timeout: 10_000 });
      expect(await s.balance(invitee)).toBe(inviteeBefore + 500 + 1000);
      expect(await checkLedgerInvariants(t.db)).toEqual([]);
    },
  );

  it('does not count an approval by the inviting member themselves (a farm paying itself)', async () => {
    const inviter = await createMember(t);
    const creator = await createMember(t);
    const invitee = await s.referredMember(inviter);
    const before = await s.balance(inviter);
    const own = await s.submitted(inviter, invitee);
    expect((await s.approve(inviter, own)).statusCode).toBe(200);
    const afterOwn = await s.balance(inviter);
    // The inviter funded their own quest and earned nothing for inviting.
    expect(afterOwn).toBeLessThan(before);
    expect((await s.get(inviter, '/referrals/')).json().invited[0].status).toBe('pending');
    // Someone else's approval qualifies it.
    const other = await s.submitted(creator, invitee);
    expect((await s.approve(creator, other)).statusCode).toBe(200);
    expect(await s.balance(inviter)).toBe(afterOwn + 2000);
    expect((await s.get(inviter, '/referrals/')).json().invited[0].status).toBe('qualified');
  });

  it('does not expire a referral whose newcomer was approved in time, even when the payment is still on its way', async () => {
    const inviter = await createMember(t);
    const creator = await createMember(t);
    const invitee = await s.referredMember(inviter);
    const completion = await s.submitted(creator, invitee);
    // Approved in time, but as if the referral consumer had not run yet: the approval without its event.
    await t.db
      .update(questCompletions)
      .set({ verificationStatus: 'approved', verifiedDate: new Date() })
      .where(eq(questCompletions.id, completion));
    t.advance(31 * DAY);
    try {
      const list = (await s.get(await signedAt(t, inviter, 31 * DAY), '/referrals/')).json();
      expect(list.invited[0]).toMatchObject({ profile: { id: invitee.user.id }, status: 'pending' });
      expect(await t.db.transaction((tx) => qualifyReferralTx(tx, t.config, invitee.user.id))).toBe('qualified');
    } finally {
      t.advance(-31 * DAY);
    }
  });

  it('expires a referral whose newcomer took longer than 30 days, and lists it as expired', async () => {
    const inviter = await createMember(t);
    const creator = await createMember(t);
    const late = await s.referredMember(inviter);
    const idle = await s.referredMember(inviter);
    const completion = await s.submitted(creator, late);
    const before = await s.balance(inviter);
    t.advance(31 * DAY);
    try {
      expect((await s.approve(await signedAt(t, creator, 31 * DAY), completion)).statusCode).toBe(200);
      expect(await s.balance(inviter)).toBe(before);
      const list = (await s.get(await signedAt(t, inviter, 31 * DAY), '/referrals/')).json();
      const status = Object.fromEntries(
        (list.invited as { profile: { id: string }; status: string }[]).map((x) => [x.profile.id, x.status]),
      );
      expect(status).toEqual({ [late.user.id]: 'expired', [idle.user.id]: 'expired' });
    } finally {
      t.advance(-31 * DAY);
    }
  });
});

describe('referrals: the daily cap', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { REFERRAL_DAILY_CAP: '2' } });
  });
  afterAll(() => t.close());
  const s = suite(() => t);

  it('pays the inviting member for at most REFERRAL_DAILY_CAP qualifications a UTC day; the newcomers still get their welcome', async () => {
    const inviter = await createMember(t);
    const creator = await createMember(t);
    const invitees = [
      await s.referredMember(inviter),
      await s.referredMember(inviter),
      await s.referredMember(inviter),
    ];
    const completions = [];
    for (const m of invitees) completions.push(await s.submitted(creator, m));
    const welcomeBefore = await Promise.all(invitees.map(s.balance));
    const before = await s.balance(inviter);
    if (usingPostgres) {
      // At once: the cap still holds.
      const answers = await Promise.all(completions.map((c) => s.approve(creator, c)));
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    } else {
      for (const c of completions) expect((await s.approve(creator, c)).statusCode).toBe(200);
    }
    expect(await s.balance(inviter)).toBe(before + 2 * 2000);
    const after = await Promise.all(invitees.map(s.balance));
    expect(after.map((b, i) => b - welcomeBefore[i]!)).toEqual([1500, 1500, 1500]);
    const list = (await s.get(inviter, '/referrals/')).json();
    expect(list.invited.map((x: { status: string }) => x.status)).toEqual(['qualified', 'qualified', 'qualified']);
    expect(list.invited.filter((x: { rewarded: boolean }) => x.rewarded)).toHaveLength(2);
    expect(list).toMatchObject({ invited_count: 3, qualified_count: 3 });
    expect(list.total_earned).toBe('40.00');
    expect(await xpOf(t.db, inviter.user.id)).toMatchObject({ xp: 100 });

    // The next UTC day pays again.
    t.advance(DAY);
    const next = await signedAt(t, await s.referredMember(inviter), DAY);
    const later = await signedAt(t, creator, DAY);
    expect((await s.approve(later, await s.submitted(later, next))).statusCode).toBe(200);
    expect(await s.balance(inviter)).toBe(before + 3 * 2000);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });
});
