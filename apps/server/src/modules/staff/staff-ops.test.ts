import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { clubRequests } from '../../../test/club-requests.ts';
import { announcements, notifications, staffAuditLog, userSettings, users } from '../../db/schema/index.ts';
import { recordStaffAction } from './audit.service.ts';
import { getMemberWallet, mint } from '../wallet/wallet.service.ts';

/** Staff operations (issue #15 items 7, 8, 9): announcements, the audit log, the club's numbers. */

let t: TestApp;
type Member = Awaited<ReturnType<typeof createMember>>;
let staff: Member;
let creator: Member;
let member: Member;
let quiet: Member;
beforeAll(async () => {
  t = await createTestApp();
  staff = await createMember(t);
  await t.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.user.id));
  creator = await createMember(t);
  const w = await getMemberWallet(t.db, creator.user.id);
  await t.db.transaction((tx) => mint(tx, w.id, 100_000, 'test funds'));
  member = await createMember(t);
  quiet = await createMember(t);
  // Notifications off: the announcement reaches the member's audience count but stores nothing for them.
  await t.db.update(userSettings).set({ notificationsEnabled: false }).where(eq(userSettings.userId, quiet.user.id));
});
afterAll(() => t.close());

const { post, get } = clubRequests(() => t.app);
const auditCount = async (action: string) =>
  (await t.db.select({ n: count() }).from(staffAuditLog).where(eq(staffAuditLog.action, action)))[0]!.n;
const announcementNotes = (userId: string, title: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.title, title)));
const activeMembers = async () => (await t.db.select({ n: count() }).from(users).where(eq(users.isActive, true)))[0]!.n;

async function createQuest(by: Member) {
  const res = await post(by, '/tasks/', {
    title: 'Post about the launch',
    description: 'Post about our launch with the hashtag and send the link.',
    reward_amount: '10.00',
    task_type: 'post',
    hashtag: '#wynlaunch',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

describe('POST staff/announcements/', () => {
  it('answers 202 with the estimated audience, writes one audit entry, and the job notifies everyone', async () => {
    const before = await auditCount('announcement.send');
    const title = `Maintenance ${Date.now()}`;
    const res = await post(staff, '/staff/announcements/', {
      title,
      message: 'The club is down for ten minutes tonight.',
      link: 'https://status.wyn.example/',
      audience: 'all',
    });
    expect(res.statusCode, res.body).toBe(202);
    const a = res.json();
    const everyone = await activeMembers();
    expect(a).toMatchObject({ title, audience: 'all', recipient_count: everyone, link: 'https://status.wyn.example/' });
    expect(a.actor.id).toBe(staff.user.id);
    expect(await auditCount('announcement.send')).toBe(before + 1);
    const [entry] = await t.db.select().from(staffAuditLog).where(eq(staffAuditLog.targetId, a.id));
    expect(entry).toMatchObject({ actorId: staff.user.id, targetType: 'announcement' });

    await vi.waitFor(
      async () => {
        const [row] = await t.db.select().from(announcements).where(eq(announcements.id, a.id));
        expect(row!.sentAt).not.toBeNull();
        expect(row!.recipientCount).toBe(everyone);
        for (const m of [member, creator, staff]) expect(await announcementNotes(m.user.id, title)).toHaveLength(1);
      },
      { timeout: 20_000, interval: 250 },
    );
    const [note] = await announcementNotes(member.user.id, title);
    expect(note).toMatchObject({
      notificationType: 'system',
      message: 'The club is down for ten minutes tonight.',
      link: 'https://status.wyn.example/',
    });
    expect(await announcementNotes(quiet.user.id, title)).toHaveLength(0);
    // The member sees it in their list.
    const list = (await get(member, '/notifications/')).json();
    expect(list.results.some((n: { title: string }) => n.title === title)).toBe(true);
  });

  it('reaches only creators with audience "creators", and only recently active members with "active_7d"', async () => {
    await createQuest(creator);
    const longAgo = new Date(Date.now() - 30 * 86_400_000);
    await t.db.update(users).set({ lastLogin: longAgo });
    await t.db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, member.user.id));

    const forCreators = `For creators ${Date.now()}`;
    const c = await post(staff, '/staff/announcements/', { title: forCreators, message: 'Hi', audience: 'creators' });
    expect(c.statusCode, c.body).toBe(202);
    expect(c.json().recipient_count).toBe(1);
    const forActive = `For the active ${Date.now()}`;
    const r = await post(staff, '/staff/announcements/', { title: forActive, message: 'Hi', audience: 'active_7d' });
    expect(r.statusCode, r.body).toBe(202);
    // The member signed in; the creator made a quest this week.
    expect(r.json().recipient_count).toBe(2);

    await vi.waitFor(
      async () => {
        expect(await announcementNotes(creator.user.id, forCreators)).toHaveLength(1);
        expect(await announcementNotes(member.user.id, forActive)).toHaveLength(1);
        expect(await announcementNotes(creator.user.id, forActive)).toHaveLength(1);
      },
      { timeout: 20_000, interval: 250 },
    );
    expect(await announcementNotes(member.user.id, forCreators)).toHaveLength(0);
    expect(await announcementNotes(staff.user.id, forActive)).toHaveLength(0);
  });

  it('sends a promotion as "promotion" notifications (kind defaults to system), and says so in its answer', async () => {
    const title = `Rooftop passes ${Date.now()}`;
    const res = await post(staff, '/staff/announcements/', {
      title,
      message: 'Only 25 passes: redeem yours this week.',
      link: 'https://wyn.example/rooftop',
      audience: 'all',
      kind: 'promotion',
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ title, kind: 'promotion' });
    const [entry] = await t.db.select().from(staffAuditLog).where(eq(staffAuditLog.targetId, res.json().id));
    expect(entry!.after).toMatchObject({ kind: 'promotion' });
    await vi.waitFor(async () => expect(await announcementNotes(member.user.id, title)).toHaveLength(1), {
      timeout: 20_000,
      interval: 250,
    });
    const [note] = await announcementNotes(member.user.id, title);
    expect(note).toMatchObject({ notificationType: 'promotion', link: 'https://wyn.example/rooftop' });
    const list = (await get(staff, '/staff/announcements/')).json();
    expect(list.results.find((a: { id: string }) => a.id === res.json().id)).toMatchObject({ kind: 'promotion' });
    // Without a kind: system.
    const plain = await post(staff, '/staff/announcements/', { title: 'Plain', message: 'Hi', audience: 'creators' });
    expect(plain.json().kind).toBe('system');
    expect(
      (await post(staff, '/staff/announcements/', { title: 'x', message: 'y', audience: 'all', kind: 'ad' }))
        .statusCode,
    ).toBe(400);
  });

  it.each([
    [
      { title: 'x', message: 'y', audience: 'all', link: 'javascript:alert(1)' },
      'Link must start with http:// or https://',
    ],
    [{ title: 'x', message: 'y', audience: 'everyone' }, null],
    [{ title: '', message: 'y', audience: 'all' }, 'Enter a title'],
  ])('refuses %j (400)', async (body, message) => {
    const res = await post(staff, '/staff/announcements/', body);
    expect(res.statusCode, res.body).toBe(400);
    if (message) expect(res.body).toContain(message);
  });

  it('lists announcements newest first, with what was sent', async () => {
    const res = await get(staff, '/staff/announcements/?page_size=2');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.count).toBeGreaterThanOrEqual(3);
    expect(page.results).toHaveLength(2);
    expect(page.next).toContain('page=2');
    expect(page.results[0].created_at >= page.results[1].created_at).toBe(true);
  });
});

describe('GET staff/audit-log/', () => {
  it('lists entries newest first and filters by actor, action, target type and target id', async () => {
    const other = await createMember(t);
    await t.db.transaction(async (tx) => {
      await recordStaffAction(tx, {
        actorId: other.user.id,
        action: 'banner.create',
        targetType: 'banner',
        targetId: 'b-1',
        after: { title: 'New' },
      });
      await recordStaffAction(tx, {
        actorId: other.user.id,
        action: 'banner.update',
        targetType: 'banner',
        targetId: 'b-1',
        before: { title: 'New' },
        after: { title: 'Newer' },
      });
    });
    const all = (await get(staff, '/staff/audit-log/')).json();
    expect(all.count).toBeGreaterThanOrEqual(5);
    expect(all.results[0]).toMatchObject({
      action: 'banner.update',
      target_type: 'banner',
      target_id: 'b-1',
      before: { title: 'New' },
      after: { title: 'Newer' },
      actor: { id: other.user.id },
    });
    const mine = (await get(staff, `/staff/audit-log/?actor=${other.user.id}`)).json();
    expect(mine.results.map((e: { action: string }) => e.action)).toEqual(['banner.update', 'banner.create']);
    const created = (await get(staff, '/staff/audit-log/?action=banner.create')).json();
    expect(created.results).toHaveLength(1);
    const byTarget = (await get(staff, '/staff/audit-log/?target_type=banner&target_id=b-1')).json();
    expect(byTarget.count).toBe(2);
    const announcementsOnly = (await get(staff, '/staff/audit-log/?target_type=announcement')).json();
    expect(announcementsOnly.results.every((e: { action: string }) => e.action === 'announcement.send')).toBe(true);
    expect((await get(staff, '/staff/audit-log/?actor=nope')).statusCode).toBe(400);
  });

  it('keeps entries append-only', async () => {
    await expect(t.db.execute(sql`delete from staff_audit_log`)).rejects.toThrow();
  });
});

describe('GET staff/stats/', () => {
  it("gives the club's numbers and 90 days of series", async () => {
    // Pay one reward: W paid this week and today's series move by 10.00.
    const q = await createQuest(creator);
    const worker = await createMember(t);
    expect((await post(worker, `/tasks/${q}/participate/`)).statusCode).toBe(201);
    expect((await post(worker, `/tasks/${q}/submit_proof/`, { proof_text: 'https://x.com/p' })).statusCode).toBe(200);
    const done = (await get(creator, `/task-completions/?task=${q}`)).json().results[0];
    expect((await post(creator, `/task-completions/${done.id}/approve/`)).statusCode).toBe(200);
    // Two live perks, one redeemed once; a third perk hidden by staff is not live.
    const perkIds: string[] = [];
    for (const title of ['Ten percent off', 'Sticker pack', 'Hidden discount']) {
      const perk = await post(creator, '/perks/', {
        title,
        description: 'A discount code for the shop, valid this month.',
        cost_amount: '2.00',
        perk_type: 'discount_code',
        discount_code: 'WYN10',
      });
      expect(perk.statusCode, perk.body).toBe(201);
      perkIds.push(perk.json().id);
    }
    const hide = { target_type: 'perk', target_id: perkIds[2], action: 'hide', reason: 'Test' };
    expect((await post(staff, '/staff/moderation/', hide)).statusCode).toBe(200);
    const redeemed = await post(worker, `/perks/${perkIds[0]}/redeem/`, {});
    expect(redeemed.statusCode, redeemed.body).toBe(200);

    const res = await get(staff, '/staff/stats/');
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json();
    const total = (await t.db.select({ n: count() }).from(users))[0]!.n;
    const sum = (
      (await t.db.execute(
        sql`select coalesce(sum(balance), 0)::bigint as sum from wallets where kind = 'member'`,
      )) as unknown as {
        rows: { sum: string }[];
      }
    ).rows[0]!.sum;
    expect(s.members.total).toBe(total);
    expect(s.members.new_7d).toBe(total);
    expect(s.members.active_7d).toBeGreaterThanOrEqual(3);
    expect(s.quests_live).toBeGreaterThanOrEqual(2);
    expect(s.w_in_circulation).toBe((Number(sum) / 100).toFixed(2));
    expect(s.w_paid_week).toBe('10.00');
    expect(s.perks_live).toBe(2);
    expect(s.redemptions_week).toBe(1);
    expect(s.series).toHaveLength(90);
    const today = new Date().toISOString().slice(0, 10);
    expect(s.series.at(-1)).toEqual({ date: today, new_members: total, w_paid: '10.00', redemptions: 1 });
    expect(s.series.reduce((n: number, d: { redemptions: number }) => n + d.redemptions, 0)).toBe(1);
    expect(s.series[0].new_members).toBe(0);
  });
});
