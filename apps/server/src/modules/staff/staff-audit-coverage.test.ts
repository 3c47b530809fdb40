import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, desc, eq } from 'drizzle-orm';
import { buildRoutePath, type TaggedEndpoint } from '@wyn/contract';
import { endpoints as declared } from '@wyn/contract/endpoints';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { clubRequests } from '../../../test/club-requests.ts';
import { staffAuditLog, users } from '../../db/schema/index.ts';
import { getMemberWallet, mint } from '../wallet/wallet.service.ts';

/**
 * Every staff action writes exactly one audit entry (issue #15 item 8, decision 0014), checked over the
 * contract: each non-GET `auth: 'staff'` endpoint must have a valid request in `requests` below, so a new staff
 * route without one fails here, and one that forgets `recordStaffAction` (or writes two) fails too.
 */

const changing = Object.entries(declared as Record<string, TaggedEndpoint>).filter(
  ([, e]) => e.auth === 'staff' && e.method !== 'GET',
);

let t: TestApp;
type Member = Awaited<ReturnType<typeof createMember>>;
let staff: Member;
let creator: Member;
beforeAll(async () => {
  t = await createTestApp();
  staff = await createMember(t);
  await t.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.user.id));
  creator = await createMember(t);
  const w = await getMemberWallet(t.db, creator.user.id);
  await t.db.transaction((tx) => mint(tx, w.id, 100_000, 'test funds'));
});
afterAll(() => t.close());

const { post } = clubRequests(() => t.app);
const DAY = 86_400_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
let seq = 0;
const unique = (s: string) => `${s} ${++seq}`;

/** Calls a staff endpoint by its contract declaration (as staff) and answers its JSON. */
async function call(e: TaggedEndpoint, params: Record<string, string> = {}, body?: unknown) {
  const res = await t.app.inject({
    method: e.method,
    url: `/api/v1/${buildRoutePath(e.path, params)}`,
    headers: staff.auth,
    payload: body as object,
  });
  expect(res.statusCode, `${e.method} ${e.path}: ${res.body}`).toBeLessThan(300);
  return res.body ? res.json() : undefined;
}
const ep = (name: string) => (declared as Record<string, TaggedEndpoint>)[name]!;
/** Creates something through its staff create endpoint (its audit entry comes before the count) and answers its id. */
const made = async (name: string, body: unknown) => ((await call(ep(name), {}, body)) as { id: string }).id;

async function questId() {
  const res = await post(creator, '/tasks/', {
    title: unique('Audit quest'),
    description: 'Follow the studio account on Instagram and send your handle.',
    reward_amount: '1.00',
    task_type: 'follow',
    social_platform: '@wyn.studio',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

const banner = () => ({ title: unique('Audit banner'), image_url: '/media/banners/audit.png' });
const section = () => ({ title: unique('Audit carousel'), section_type: 'task_carousel' });
const category = () => ({ title: unique('Audit category'), content_type: 'tasks' });
const season = (startDay: number) => ({
  name: unique('Audit season'),
  starts_at: at(startDay * DAY),
  ends_at: at((startDay + 5) * DAY),
  prize_pool: '0',
  payout_split: [],
});

type Request = { params?: Record<string, string>; body?: unknown };
/** A valid request per changing staff endpoint; setup may create what it acts on (its entries come before the count). */
const requests: Record<string, () => Promise<Request>> = {
  staffBannerCreate: async () => ({ body: banner() }),
  staffBannerUpdate: async () => ({
    params: { id: await made('staffBannerCreate', banner()) },
    body: { title: 'Renamed banner' },
  }),
  staffBannerDelete: async () => ({ params: { id: await made('staffBannerCreate', banner()) } }),
  staffHomeSectionCreate: async () => ({ body: section() }),
  staffHomeSectionUpdate: async () => ({
    params: { id: await made('staffHomeSectionCreate', section()) },
    body: { is_active: false },
  }),
  staffHomeSectionDelete: async () => ({ params: { id: await made('staffHomeSectionCreate', section()) } }),
  staffHomeSectionItems: async () => ({
    params: { id: await made('staffHomeSectionCreate', section()) },
    body: { item_ids: [await questId()] },
  }),
  staffFeaturedPut: async () => ({
    body: { placement: 'featured', items: [{ item_type: 'quest', item_id: await questId() }] },
  }),
  staffCategoryCreate: async () => ({ body: category() }),
  staffCategoryUpdate: async () => ({
    params: { id: await made('staffCategoryCreate', category()) },
    body: { icon: '🎯' },
  }),
  staffCategoryDelete: async () => ({ params: { id: await made('staffCategoryCreate', category()) } }),
  staffPopularSearchCreate: async () => ({ body: { search_term: unique('audit term') } }),
  staffPopularSearchUpdate: async () => ({
    params: { id: await made('staffPopularSearchCreate', { search_term: unique('audit term') }) },
    body: { is_suppressed: true },
  }),
  staffPopularSearchDelete: async () => ({
    params: { id: await made('staffPopularSearchCreate', { search_term: unique('audit term') }) },
  }),
  staffModerate: async () => ({
    body: { target_type: 'quest', target_id: await questId(), action: 'hide', reason: 'Spam' },
  }),
  staffReportResolve: async () => {
    const reporter = await createMember(t);
    const res = await post(reporter, '/reports/', { target_type: 'quest', target_id: await questId(), reason: 'Spam' });
    expect(res.statusCode, res.body).toBe(201);
    return { params: { id: res.json().id }, body: { action: 'dismiss', note: 'Fine' } };
  },
  staffUserUpdate: async () => ({ params: { id: (await createMember(t)).user.id }, body: { is_active: false } }),
  staffAnnouncementCreate: async () => ({ body: { title: unique('Audit news'), message: 'Hello', audience: 'all' } }),
  staffSeasonCreate: async () => ({ body: season(300) }),
  staffSeasonUpdate: async () => ({
    params: { id: await made('staffSeasonCreate', season(400)) },
    body: { name: 'Renamed season' },
  }),
  staffSeasonDelete: async () => ({ params: { id: await made('staffSeasonCreate', season(500)) } }),
};

const auditRows = async () => (await t.db.select({ n: count() }).from(staffAuditLog))[0]!.n;

describe('staff audit coverage', () => {
  it('finds the changing staff endpoints in the contract (the checks below would pass on none)', () => {
    expect(changing.length).toBeGreaterThan(15);
  });

  it('has a valid request for every changing staff endpoint, and none for an endpoint that is gone', () => {
    const names = changing.map(([name]) => name);
    expect(names.filter((n) => !(n in requests))).toEqual([]);
    expect(Object.keys(requests).filter((n) => !names.includes(n))).toEqual([]);
  });

  it.each<[string, TaggedEndpoint]>(changing)('%s writes exactly one audit entry, by the caller', async (name, e) => {
    const make = requests[name];
    if (!make) throw new Error(`No request for ${name} in staff-audit-coverage.test.ts: add a valid one`);
    const { params, body } = await make();
    const before = await auditRows();
    await call(e, params, body);
    expect(await auditRows()).toBe(before + 1);
    const [entry] = await t.db.select().from(staffAuditLog).orderBy(desc(staffAuditLog.id)).limit(1);
    expect(entry!.actorId).toBe(staff.user.id);
  });
});
