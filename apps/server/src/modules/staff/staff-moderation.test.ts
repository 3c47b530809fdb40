import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { MODERATION_MSG, REPORTS_PER_HOUR, type StaffReport } from '@wyn/contract';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { featuredItems, reports, staffAuditLog, users } from '../../db/schema/index.ts';

/**
 * Moderation, member reports and members (issue #15 items 4–6): hidden content is gone from home, explore,
 * search, lists and details for everyone but its owner, who sees it marked; a hidden quest takes no joins and a
 * hidden perk no redemptions; reports are one open per member and target and rate-limited; staff resolve them;
 * a disabled member is refused at once; staff cannot demote or disable themselves. One audit entry per action.
 */

const api = '/api/v1/club/';
type Auth = { authorization: string };
type Member = Awaited<ReturnType<typeof createMember>>;

function client(t: TestApp, auth: Auth) {
  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'PUT', path: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url: `${api}${path}`, headers: auth, payload: payload as never });
    return { status: res.statusCode, body: res.body ? res.json() : undefined, raw: res.body };
  };
  return {
    call,
    get: (path: string) => call('GET', path),
    post: (path: string, body?: unknown) => call('POST', path, body ?? {}),
    patch: (path: string, body: unknown) => call('PATCH', path, body),
  };
}
type Client = ReturnType<typeof client>;

const auditOf = (t: TestApp, targetId: string) =>
  t.db.select().from(staffAuditLog).where(eq(staffAuditLog.targetId, targetId)).orderBy(asc(staffAuditLog.id));

const fakeId = () => crypto.randomUUID();

let t: TestApp;
let alice: Member; // a creator
let bob: Member; // a member
let carol: Member; // another member
let sam: Member; // staff
let asAlice: Client;
let asBob: Client;
let asCarol: Client;
let asSam: Client;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createMember(t, { firstName: 'Alice', lastName: 'Maker', email: 'alice@example.com' });
  bob = await createMember(t, { firstName: 'Bob', lastName: 'Reader' });
  carol = await createMember(t, { firstName: 'Carol', lastName: 'Reader' });
  sam = await createMember(t, { firstName: 'Sam', lastName: 'Staff' });
  await t.db.update(users).set({ isStaff: true }).where(eq(users.id, sam.user.id));
  asAlice = client(t, alice.auth);
  asBob = client(t, bob.auth);
  asCarol = client(t, carol.auth);
  asSam = client(t, sam.auth);
});
afterAll(() => t.close());

async function createQuest(title: string) {
  const res = await asAlice.post('tasks/', {
    title,
    description: 'Follow the studio account on Instagram and send your handle.',
    reward_amount: '5.00',
    max_participants: 3,
    task_type: 'follow',
    social_platform: '@wyn.studio',
  });
  expect(res.status, res.raw).toBe(201);
  return res.body.id as string;
}

async function createPerk(title: string) {
  const res = await asAlice.post('perks/', {
    title,
    description: 'Twenty percent off everything in the shop.',
    cost_amount: '5.00',
    perk_type: 'discount_code',
    discount_code: 'MODERATED-20',
  });
  expect(res.status, res.raw).toBe(201);
  return res.body.id as string;
}

const search = async (c: Client, query: string) => (await c.post('explore/search/', { query })).raw;
/** Explore's browse: a search without words, quests only, newest first. */
const explore = async (c: Client) =>
  (await c.post('explore/search/', { query: '', content_type: 'tasks', ordering: '-created_at' })).raw;
const homeOf = async (c: Client) => {
  const res = await c.get('homepage/complete/');
  expect(res.status).toBe(200);
  return res.raw;
};

/** An item of one of the caller's own lists (first page, newest first). */
const ownListItem = async (c: Client, path: string, id: string) =>
  ((await c.get(path)).body.results as { id: string }[]).find((r) => r.id === id);
/** An item of Alice's own profile lists (created quests or perks). */
const ownProfileItem = async (list: 'created_tasks' | 'created_perks', id: string) =>
  ((await asAlice.get(`profiles/${alice.user.id}/`)).body[list] as { id: string }[]).find((r) => r.id === id);

describe('staff moderation', () => {
  it('a hidden quest is gone for others everywhere, marked for its creator, takes no joins; unhide restores', async () => {
    const id = await createQuest('Moderated garden quest');
    // Pinned on Home (before Home's first read in this file, so its cache starts with it).
    await t.db.insert(featuredItems).values({ placement: 'featured', questId: id });
    // Visible to everyone before.
    expect((await asBob.get(`tasks/${id}/`)).status).toBe(200);
    expect((await asBob.get('tasks/')).raw).toContain(id);
    expect(await search(asBob, 'moderated garden')).toContain(id);
    expect(await explore(asBob)).toContain(id);
    expect(await homeOf(asBob)).toContain(id);
    expect((await asBob.get(`tasks/${id}/`)).body.moderation).toEqual({ hidden: false, reason: null });

    const hide = await asSam.post('staff/moderation/', {
      target_type: 'quest',
      target_id: id,
      action: 'hide',
      reason: 'Spam link',
    });
    expect(hide.status, hide.raw).toBe(200);
    expect(hide.body).toMatchObject({ hidden: true, reason: 'Spam link', detail: MODERATION_MSG.hidden });

    // Others: 404 on the detail, absent from the list, search, explore and home (the cache heard the event).
    const detail = await asBob.get(`tasks/${id}/`);
    expect(detail.status).toBe(404);
    expect((await asBob.get('tasks/')).raw).not.toContain(id);
    expect(await search(asBob, 'moderated garden')).not.toContain(id);
    expect(await explore(asBob)).not.toContain(id);
    expect(await homeOf(asBob)).not.toContain(id);
    // No new joins, no likes.
    expect((await asBob.post(`tasks/${id}/participate/`)).status).toBe(404);
    expect((await asBob.post(`tasks/${id}/like/`)).status).toBe(404);

    // The creator still sees it, marked, in their own list too.
    const own = await asAlice.get(`tasks/${id}/`);
    expect(own.status).toBe(200);
    expect(own.body.moderation).toEqual({ hidden: true, reason: 'Spam link' });
    const marked = { hidden: true, reason: 'Spam link' };
    expect(await ownListItem(asAlice, 'tasks/my_tasks/', id)).toMatchObject({ moderation: marked });
    expect(await ownProfileItem('created_tasks', id)).toMatchObject({ moderation: marked });
    expect(await search(asAlice, 'moderated garden')).toContain(id);

    const unhide = await asSam.post('staff/moderation/', { target_type: 'quest', target_id: id, action: 'unhide' });
    expect(unhide.status, unhide.raw).toBe(200);
    expect(unhide.body).toMatchObject({ hidden: false, reason: null });
    expect((await asBob.get(`tasks/${id}/`)).status).toBe(200);
    expect(await homeOf(asBob)).toContain(id);
    expect((await asBob.post(`tasks/${id}/participate/`)).status).toBe(201);
    const unmarked = { hidden: false, reason: null };
    expect(await ownListItem(asAlice, 'tasks/my_tasks/', id)).toMatchObject({ moderation: unmarked });
    expect(await ownProfileItem('created_tasks', id)).toMatchObject({ moderation: unmarked });

    const audit = await auditOf(t, id);
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([
      ['quest.hide', sam.user.id],
      ['quest.unhide', sam.user.id],
    ]);
    expect(audit[0]!.before).toEqual({ hidden_by_staff: false, hidden_reason: null });
    expect(audit[0]!.after).toMatchObject({ hidden_by_staff: true, hidden_reason: 'Spam link' });
  });

  it('hiding a quest leaves its participants and escrow as they were', async () => {
    const id = await createQuest('Escrow stays quest');
    expect((await asCarol.post(`tasks/${id}/participate/`)).status).toBe(201);
    const before = (await asAlice.get('wallets/my_wallet/')).body;
    await asSam.post('staff/moderation/', { target_type: 'quest', target_id: id, action: 'hide', reason: 'Check' });
    expect((await asAlice.get('wallets/my_wallet/')).body).toEqual(before);
    expect((await asAlice.get(`tasks/${id}/`)).body.current_participants).toBe(1);
  });

  it('a hidden perk cannot be redeemed nor seen by others; its creator sees it marked', async () => {
    const id = await createPerk('Moderated shop discount');
    expect((await asBob.get('perks/')).raw).toContain(id);
    // Featured on Home (through staff, so Home's cache hears of it) and redeemed once before it is hidden.
    const featured = { placement: 'featured', items: [{ item_type: 'perk', item_id: id }] };
    expect((await asSam.call('PUT', 'staff/featured/', featured)).status).toBe(200);
    const home = JSON.parse(await homeOf(asBob));
    expect(home.featured_perks.map((p: { id: string }) => p.id)).toContain(id);
    const redeemed = await asCarol.post(`perks/${id}/redeem/`, {});
    expect(redeemed.status, redeemed.raw).toBe(200);
    const redemptionsBefore = (await asCarol.get('perks/my_redemptions/')).body;
    const wallets = async () =>
      Promise.all([asAlice, asBob, asCarol].map(async (c) => (await c.get('wallets/my_wallet/')).body));
    const walletsBefore = await wallets();

    await asSam.post('staff/moderation/', { target_type: 'perk', target_id: id, action: 'hide', reason: 'Scam' });
    expect((await asBob.get(`perks/${id}/details/`)).status).toBe(404);
    expect((await asBob.get('perks/')).raw).not.toContain(id);
    expect(await search(asBob, 'moderated shop')).not.toContain(id);
    // Gone from Home everywhere, its featured list included; the pin stays, marked not visible, for staff.
    const after = await homeOf(asBob);
    expect(after).not.toContain(id);
    expect(JSON.parse(after).featured_perks).toEqual([]);
    const pins = await asSam.get('staff/featured/?placement=featured');
    expect(pins.body.items).toEqual([expect.objectContaining({ item_id: id, is_visible: false })]);
    const redeem = await asBob.post(`perks/${id}/redeem/`, {});
    expect(redeem.status, redeem.raw).toBe(404);
    // Hiding moved no money and took nothing back: the redemption and every wallet are as they were.
    expect((await asCarol.get('perks/my_redemptions/')).body).toEqual(redemptionsBefore);
    expect(redemptionsBefore.results.map((r: { perk: string }) => r.perk)).toContain(id);
    expect(await wallets()).toEqual(walletsBefore);
    const own = await asAlice.get(`perks/${id}/details/`);
    expect(own.status).toBe(200);
    expect(own.body.moderation).toEqual({ hidden: true, reason: 'Scam' });
    // Marked in the creator's own lists too.
    expect(await ownListItem(asAlice, 'perks/my_perks/', id)).toMatchObject({
      moderation: { hidden: true, reason: 'Scam' },
    });
    expect(await ownProfileItem('created_perks', id)).toMatchObject({ moderation: { hidden: true, reason: 'Scam' } });
    expect((await auditOf(t, id)).map((a) => a.action)).toEqual(['perk.hide']);
  });

  it('a hidden profile answers 404 to others and shows its owner the reason', async () => {
    const dan = await createMember(t, { firstName: 'Dangerous', lastName: 'Profile' });
    const asDan = client(t, dan.auth);
    expect((await asBob.get(`profiles/${dan.user.id}/`)).status).toBe(200);
    const res = await asSam.post('staff/moderation/', {
      target_type: 'profile',
      target_id: dan.user.id,
      action: 'hide',
      reason: 'Offensive bio',
    });
    expect(res.status, res.raw).toBe(200);
    expect((await asBob.get(`profiles/${dan.user.id}/`)).status).toBe(404);
    expect((await asBob.post(`profiles/${dan.user.id}/follow/`)).status).toBe(404);
    expect(await search(asBob, 'dangerous')).not.toContain(dan.user.id);
    const me = await asDan.get('profiles/me/');
    expect(me.body.moderation).toEqual({ hidden: true, reason: 'Offensive bio' });
    const own = await asDan.get(`profiles/${dan.user.id}/`);
    expect(own.status).toBe(200);
    expect(own.body.moderation).toEqual({ hidden: true, reason: 'Offensive bio' });
  });

  it('a hidden message disappears for its receiver, not its sender', async () => {
    const sent = await asAlice.post('messages/', { content: 'Buy my coins now', receiver: bob.user.id });
    expect(sent.status, sent.raw).toBe(201);
    const id = sent.body.id as string;
    expect((await asBob.get(`messages/?chat_with=${alice.user.id}`)).raw).toContain(id);
    await asSam.post('staff/moderation/', { target_type: 'message', target_id: id, action: 'hide', reason: 'Spam' });
    expect((await asBob.get(`messages/?chat_with=${alice.user.id}`)).raw).not.toContain(id);
    expect((await asBob.get('messages/chats/')).raw).not.toContain('Buy my coins');
    expect((await asBob.post(`messages/${id}/reply/`, { content: 'no' })).status).toBe(404);
    expect((await asAlice.get(`messages/?chat_with=${bob.user.id}`)).raw).toContain(id);
  });

  it('validates the request: a reason to hide, a known target', async () => {
    const id = await createQuest('Validation quest');
    const noReason = await asSam.post('staff/moderation/', { target_type: 'quest', target_id: id, action: 'hide' });
    expect(noReason.status).toBe(400);
    expect(noReason.raw).toContain(MODERATION_MSG.reasonRequired);
    const missing = await asSam.post('staff/moderation/', {
      target_type: 'perk',
      target_id: fakeId(),
      action: 'hide',
      reason: 'x',
    });
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe(MODERATION_MSG.targetNotFound);
  });
});

describe('member reports', () => {
  it('one open report per member and target; staff hide from the queue, which resolves every open report', async () => {
    const id = await createQuest('Reported quest title');
    const first = await asBob.post('reports/', { target_type: 'quest', target_id: id, reason: 'Looks like a scam' });
    expect(first.status, first.raw).toBe(201);
    expect(first.body).toMatchObject({ status: 'open', target_id: id, detail: MODERATION_MSG.reportSent });
    const again = await asBob.post('reports/', { target_type: 'quest', target_id: id, reason: 'Again' });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(MODERATION_MSG.reportDuplicate);
    expect((await asCarol.post('reports/', { target_type: 'quest', target_id: id, reason: 'Spam' })).status).toBe(201);
    // Not one's own content.
    const own = await asAlice.post('reports/', { target_type: 'quest', target_id: id, reason: 'Mine' });
    expect(own.status).toBe(400);
    expect(own.body.detail).toBe(MODERATION_MSG.reportOwn);

    const list = await asSam.get('staff/reports/?target_type=quest');
    expect(list.status, list.raw).toBe(200);
    const mine = (list.body.results as StaffReport[]).filter((r) => r.target_id === id);
    expect(mine).toHaveLength(2);
    expect(mine[0]!.target).toMatchObject({
      exists: true,
      preview: 'Reported quest title',
      hidden_by_staff: false,
      owner: { id: alice.user.id, name: 'Alice Maker' },
    });
    expect(mine.every((r) => r.open_reports_on_target === 2)).toBe(true);
    const bobs = mine.find((r) => r.reporter?.id === bob.user.id)!;

    const resolve = await asSam.post(`staff/reports/${bobs.id}/resolve/`, { action: 'hide', note: '' });
    expect(resolve.status, resolve.raw).toBe(200);
    expect(resolve.body.resolved_reports).toBe(2);
    expect(resolve.body.report).toMatchObject({
      status: 'resolved',
      resolution_action: 'hide',
      resolved_by: { id: sam.user.id },
      target: { hidden_by_staff: true, hidden_reason: 'Looks like a scam' },
      open_reports_on_target: 0,
    });
    expect((await asBob.get(`tasks/${id}/`)).status).toBe(404);
    const rows = await t.db.select().from(reports).where(eq(reports.targetId, id));
    expect(rows.map((r) => r.status)).toEqual(['resolved', 'resolved']);
    // One audit entry, the hide, naming the report.
    const audit = await auditOf(t, id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!).toMatchObject({ action: 'quest.hide', after: { report_id: bobs.id, resolved_reports: 2 } });
    // Handled already; and the hidden quest cannot be reported any more.
    expect((await asSam.post(`staff/reports/${bobs.id}/resolve/`, { action: 'dismiss' })).status).toBe(409);
    const hidden = await asBob.post('reports/', { target_type: 'quest', target_id: id, reason: 'Still bad' });
    expect(hidden.status).toBe(404);
  });

  it('dismisses a report with a note, filters by status, and reports profiles and messages', async () => {
    const perkId = await createPerk('Reported perk title');
    const r = await asCarol.post('reports/', { target_type: 'perk', target_id: perkId, reason: 'Too expensive' });
    expect(r.status, r.raw).toBe(201);
    const dismissed = await asSam.post(`staff/reports/${r.body.id}/resolve/`, { action: 'dismiss', note: 'Fine' });
    expect(dismissed.status, dismissed.raw).toBe(200);
    expect(dismissed.body.report).toMatchObject({
      status: 'dismissed',
      resolution_note: 'Fine',
      resolution_action: null,
    });
    expect((await asCarol.get(`perks/${perkId}/details/`)).status).toBe(200);
    const audit = await auditOf(t, r.body.id);
    expect(audit.map((a) => a.action)).toEqual(['report.dismiss']);
    // A dismissed report no longer blocks a new one.
    expect((await asCarol.post('reports/', { target_type: 'perk', target_id: perkId, reason: 'Again' })).status).toBe(
      201,
    );
    const only = await asSam.get('staff/reports/?status=dismissed&target_type=perk');
    expect((only.body.results as StaffReport[]).map((x) => x.id)).toContain(r.body.id);
    expect((only.body.results as StaffReport[]).every((x) => x.status === 'dismissed')).toBe(true);

    const profile = await asCarol.post('reports/', {
      target_type: 'profile',
      target_id: alice.user.id,
      reason: 'Rude',
    });
    expect(profile.status, profile.raw).toBe(201);
    const msg = await asAlice.post('messages/', { content: 'Hello Carol, a quick word', receiver: carol.user.id });
    const m = await asCarol.post('reports/', { target_type: 'message', target_id: msg.body.id, reason: 'Harassment' });
    expect(m.status, m.raw).toBe(201);
    // Someone else's conversation is not the reporter's to report.
    const other = await asBob.post('reports/', { target_type: 'message', target_id: msg.body.id, reason: 'x' });
    expect(other.status).toBe(404);
    const open = await asSam.get('staff/reports/?target_type=message');
    const item = (open.body.results as StaffReport[]).find((x) => x.id === m.body.id)!;
    expect(item.target).toMatchObject({ preview: 'Hello Carol, a quick word', owner: { id: alice.user.id } });
  });

  it(`is rate-limited: ${REPORTS_PER_HOUR} per member per hour, then 429`, async () => {
    const eve = client(t, (await createMember(t)).auth);
    for (let i = 0; i < REPORTS_PER_HOUR; i++) {
      const res = await eve.post('reports/', { target_type: 'quest', target_id: fakeId(), reason: 'x' });
      expect(res.status).toBe(404);
    }
    const over = await eve.post('reports/', { target_type: 'quest', target_id: fakeId(), reason: 'x' });
    expect(over.status).toBe(429);
    expect(over.body.detail).toBe(MODERATION_MSG.reportTooMany);
  });

  it('needs a reason and a signed-in member', async () => {
    const res = await asBob.post('reports/', { target_type: 'quest', target_id: fakeId(), reason: '  ' });
    expect(res.status).toBe(400);
    expect(res.raw).toContain(MODERATION_MSG.reportReasonRequired);
    const anon = await t.app.inject({ method: 'POST', url: `${api}reports/`, payload: {} });
    expect(anon.statusCode).toBe(401);
  });
});

describe('staff members', () => {
  it('searches by name, username and e-mail', async () => {
    const byName = await asSam.get('staff/users/?search=alice%20maker');
    expect(byName.status, byName.raw).toBe(200);
    expect(byName.body.results.map((u: { id: string }) => u.id)).toEqual([alice.user.id]);
    expect(byName.body.results[0]).toMatchObject({
      name: 'Alice Maker',
      email: 'alice@example.com',
      is_active: true,
      is_staff: false,
      hidden_by_staff: false,
    });
    const byEmail = await asSam.get('staff/users/?search=ALICE@example');
    expect(byEmail.body.results.map((u: { id: string }) => u.id)).toEqual([alice.user.id]);
    const byUsername = await asSam.get(`staff/users/?search=${bob.user.username}`);
    expect(byUsername.body.results.map((u: { id: string }) => u.id)).toEqual([bob.user.id]);
    const staffOnly = await asSam.get('staff/users/?is_staff=true');
    expect(staffOnly.body.results.map((u: { id: string }) => u.id)).toEqual([sam.user.id]);
    const paged = await asSam.get('staff/users/?page_size=2');
    expect(paged.body.results).toHaveLength(2);
    expect(paged.body.next).toContain('page=2');
  });

  it('disabling a member refuses their next call at once; enabling lets them sign in again', async () => {
    const frank = await createMember(t, { firstName: 'Frank' });
    const asFrank = client(t, frank.auth);
    expect((await asFrank.get('profiles/me/')).status).toBe(200);
    const off = await asSam.patch(`staff/users/${frank.user.id}/`, { is_active: false });
    expect(off.status, off.raw).toBe(200);
    expect(off.body).toMatchObject({ id: frank.user.id, is_active: false });
    expect((await asFrank.get('profiles/me/')).status).toBe(401);
    const on = await asSam.patch(`staff/users/${frank.user.id}/`, { is_active: true });
    expect(on.body.is_active).toBe(true);
    const [row] = await t.db.select().from(users).where(eq(users.id, frank.user.id));
    expect(row!.isActive).toBe(true);
    const audit = await auditOf(t, frank.user.id);
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      ['user.disable', { is_active: true, is_staff: false }, { is_active: false, is_staff: false }],
      ['user.enable', { is_active: false, is_staff: false }, { is_active: true, is_staff: false }],
    ]);
  });

  it('grants and revokes staff, effective on the next call; never one’s own right or account', async () => {
    const granted = await asSam.patch(`staff/users/${carol.user.id}/`, { is_staff: true });
    expect(granted.status, granted.raw).toBe(200);
    expect(granted.body.is_staff).toBe(true);
    expect((await asCarol.get('staff/reports/')).status).toBe(200);
    // Carol, now staff, revokes Sam? No: Sam revokes Carol.
    expect((await asSam.patch(`staff/users/${carol.user.id}/`, { is_staff: false })).body.is_staff).toBe(false);
    expect((await asCarol.get('staff/reports/')).status).toBe(403);
    expect((await auditOf(t, carol.user.id)).map((a) => a.action)).toEqual(['staff.grant', 'staff.revoke']);

    const demote = await asSam.patch(`staff/users/${sam.user.id}/`, { is_staff: false });
    expect(demote.status).toBe(400);
    expect(demote.body.detail).toBe(MODERATION_MSG.cannotRevokeOwnStaff);
    const disable = await asSam.patch(`staff/users/${sam.user.id}/`, { is_active: false });
    expect(disable.status).toBe(400);
    expect(disable.body.detail).toBe(MODERATION_MSG.cannotDisableSelf);
    expect(await auditOf(t, sam.user.id)).toEqual([]);
    expect((await asSam.get('staff/users/')).status).toBe(200);

    const empty = await asSam.patch(`staff/users/${bob.user.id}/`, {});
    expect(empty.status).toBe(400);
    expect((await asSam.patch(`staff/users/${fakeId()}/`, { is_staff: true })).status).toBe(404);
  });
});
