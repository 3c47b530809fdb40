import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { clubRequests } from '../../../test/club-requests.ts';
import { questCompletions, referrals, users } from '../../db/schema/index.ts';
import { getMemberWallet, mint } from '../wallet/wallet.service.ts';
import { accountAge, fastProof, signalSentences } from './review-signals.service.ts';
import { awardXp } from './xp.service.ts';

/** Explainable anti-bot signals in the review queue (issue #16 item 12): plain sentences, never a score. */

const DAY = 86_400_000;

describe('signal sentences', () => {
  const now = new Date('2026-05-10T12:00:00Z');
  it('says how long ago the member joined', () => {
    expect(accountAge(new Date(now.getTime() - 3_600_000), now)).toBe('Joined today');
    expect(accountAge(new Date(now.getTime() - DAY), now)).toBe('Joined 1 day ago');
    expect(accountAge(new Date(now.getTime() - 2 * DAY - 5), now)).toBe('Joined 2 days ago');
    expect(accountAge(new Date(now.getTime() - 95 * DAY), now)).toBe('Joined 3 months ago');
    expect(accountAge(new Date(now.getTime() - 800 * DAY), now)).toBe('Joined 2 years ago');
  });
  it('flags proof sent faster than a person could', () => {
    expect(fastProof('2026-05-10T12:00:00Z', '2026-05-10T12:00:08Z')).toBe(
      'Proof sent 8 seconds after joining the quest',
    );
    expect(fastProof('2026-05-10T12:00:00Z', '2026-05-10T12:00:00.200Z')).toBe(
      'Proof sent within a second of joining the quest',
    );
    expect(fastProof('2026-05-10T12:00:00Z', '2026-05-10T12:00:45Z')).toBeNull();
    expect(fastProof('2026-05-10T12:00:00Z', null)).toBeNull();
  });
  it('names the rest plainly', () => {
    const facts = {
      joined: now,
      telegramId: '42',
      tgUsername: 'ava',
      isPremium: true,
      xp: 320,
      approvals24h: 1,
      referred24h: 3,
    };
    expect(signalSentences(facts, now)).toEqual([
      'Joined today',
      'Level 3 (320 XP)',
      'Telegram Premium subscriber',
      'Telegram username @ava',
      '1 approval in the last 24 hours',
      'Referred 3 accounts in the last 24 hours',
    ]);
    expect(signalSentences({ ...facts, isPremium: false }, now)[2]).toBe('No Telegram Premium');
    // Never signed in through the Mini App (only the login widget, which does not say): not known.
    expect(signalSentences({ ...facts, isPremium: null }, now)[2]).toBe('Telegram Premium: unknown');
    expect(signalSentences({ ...facts, tgUsername: null, approvals24h: 0, referred24h: 0 }, now).slice(3)).toEqual([
      'No Telegram username',
      'No approvals in the last 24 hours',
      'Referred no accounts in the last 24 hours',
    ]);
  });
});

describe('GET task-completions/to_review/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const { post, get } = clubRequests(() => t.app);

  it("carries each member's signals, including proof sent within seconds of joining", async () => {
    const creator = await createMember(t);
    const w = await getMemberWallet(t.db, creator.user.id);
    await t.db.transaction((tx) => mint(tx, w.id, 100_000, 'test funds'));
    const quest = await post(creator, '/tasks/', {
      title: 'Follow our studio',
      description: 'Follow the studio account on Instagram and send your handle.',
      reward_amount: '10.00',
      task_type: 'follow',
      social_platform: '@wyn.studio',
    });
    expect(quest.statusCode, quest.body).toBe(201);
    const questId = quest.json().id as string;

    const fast = await createMember(t);
    const slow = await createMember(t, { telegramId: '777001', tgUsername: 'slow_sam' });
    // The slow member joined the club 3 days ago, has 150 XP, an approval today and referred two accounts.
    await t.db
      .update(users)
      .set({ dateJoined: new Date(Date.now() - 3 * DAY - 60_000) })
      .where(eq(users.id, slow.user.id));
    await t.db.transaction((tx) =>
      awardXp(tx, { userId: slow.user.id, amount: 150, source: 'achievement', sourceId: 'signals', at: new Date() }),
    );
    const [x, y] = [await createMember(t), await createMember(t)];
    await t.db.insert(referrals).values([
      { inviteeId: x.user.id, referrerId: slow.user.id },
      { inviteeId: y.user.id, referrerId: slow.user.id },
    ]);

    for (const m of [slow, fast]) {
      expect((await post(m, `/tasks/${questId}/participate/`)).statusCode).toBe(201);
    }
    // The slow member took a minute between joining and sending proof.
    await t.db
      .update(questCompletions)
      .set({ joinedAt: new Date(Date.now() - 60_000) })
      .where(eq(questCompletions.userId, slow.user.id));
    for (const m of [slow, fast]) {
      const res = await post(m, `/tasks/${questId}/submit_proof/`, { proof_text: '@me' });
      expect(res.statusCode, res.body).toBe(200);
    }
    // An approval in the last 24 hours, on another quest.
    const other = await post(creator, '/tasks/', {
      title: 'Visit our site',
      description: 'Visit the studio site and send what the banner says.',
      reward_amount: '1.00',
      task_type: 'follow',
      social_platform: '@wyn.site',
    });
    const otherId = other.json().id as string;
    await post(slow, `/tasks/${otherId}/participate/`);
    const sub = await post(slow, `/tasks/${otherId}/submit_proof/`, { proof_text: '@me' });
    expect((await post(creator, `/task-completions/${sub.json().id}/approve/`)).statusCode).toBe(200);

    const res = await get(creator, '/task-completions/to_review/');
    expect(res.statusCode, res.body).toBe(200);
    const byUser = new Map(
      res.json().results.map((r: { user: { id: string }; signals: string[] }) => [r.user.id, r.signals]),
    );
    const fastSignals = byUser.get(fast.user.id) as string[];
    expect(fastSignals.slice(0, 6)).toEqual([
      'Joined today',
      'Level 1 (0 XP)',
      'Telegram Premium: unknown',
      'Signed up without Telegram',
      'No approvals in the last 24 hours',
      'Referred no accounts in the last 24 hours',
    ]);
    expect(fastSignals[6]).toMatch(/^Proof sent (within a second of|\d+ seconds? after) joining the quest$/);
    const slowSignals = byUser.get(slow.user.id) as string[];
    expect(slowSignals[0]).toBe('Joined 3 days ago');
    // 150 XP and whatever the approval earned (quest XP, when its consumer has run): level 2 either way.
    expect(slowSignals[1]).toMatch(/^Level 2 \(15\d XP\)$/);
    expect(slowSignals.slice(3)).toEqual([
      'Telegram username @slow_sam',
      '1 approval in the last 24 hours',
      'Referred 2 accounts in the last 24 hours',
    ]);
  });
});
