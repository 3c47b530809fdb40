import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { STAFF_CONTENT_MSG, type HomepageComplete, type PopularSearch, type StaffBanner } from '@wyn/contract';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { seed } from '../../db/seed.ts';
import { perks, popularSearches, quests, staffAuditLog, users } from '../../db/schema/index.ts';

/**
 * Staff content (issue #15 items 1–3): banners, home sections and featured items, explore categories and
 * popular searches; what members see on Home and Explore follows at once; every change writes one audit entry.
 */

const api = '/api/v1/club/';
type Auth = { authorization: string };

async function staffMember(t: TestApp) {
  const m = await createMember(t);
  await t.db.update(users).set({ isStaff: true }).where(eq(users.id, m.user.id));
  return m;
}

function client(t: TestApp, auth: Auth) {
  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url: `${api}${path}`, headers: auth, payload: payload as never });
    return { status: res.statusCode, body: res.body ? res.json() : undefined, raw: res.body };
  };
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body: unknown) => call('POST', path, body),
    patch: (path: string, body: unknown) => call('PATCH', path, body),
    put: (path: string, body: unknown) => call('PUT', path, body),
    del: (path: string) => call('DELETE', path),
  };
}

const home = async (t: TestApp, auth: Auth): Promise<HomepageComplete> => {
  const res = await t.app.inject({ method: 'GET', url: `${api}homepage/complete/`, headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json();
};

/** The audit entries about one target, oldest first. */
const auditOf = (t: TestApp, targetId: string) =>
  t.db.select().from(staffAuditLog).where(eq(staffAuditLog.targetId, targetId)).orderBy(asc(staffAuditLog.id));

const soon = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('staff content on the demo club', () => {
  let t: TestApp;
  let staff: ReturnType<typeof client>;
  let staffId: string;
  let memberAuth: Auth;
  beforeAll(async () => {
    t = await createTestApp();
    await seed(t.db, { config: t.config });
    const s = await staffMember(t);
    staff = client(t, s.auth);
    staffId = s.user.id;
    memberAuth = (await createMember(t)).auth;
  });
  afterAll(() => t.close());

  describe('banners', () => {
    it('lists every banner, active or not, by position, with whether Home shows it', async () => {
      const res = await staff.get('staff/banners/');
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(3);
      expect(res.body.results.map((b: StaffBanner) => b.position)).toEqual([1, 2, 3]);
      expect(res.body.results.every((b: StaffBanner) => b.is_live)).toBe(true);
    });

    it('a banner staff create shows on Home at once, in position order, and writes one audit entry', async () => {
      const before = await home(t, memberAuth); // the home cache now holds a copy without it
      expect(before.banner_sliders).toHaveLength(3);
      const res = await staff.post('staff/banners/', {
        title: '  Summer drop  ',
        description: 'New perks every week',
        image_url: '/media/abc123.png',
        link: 'https://example.com/summer',
        position: 0,
        ends_at: soon(3600_000),
      });
      expect(res.status, res.raw).toBe(201);
      expect(res.body).toMatchObject({
        title: 'Summer drop',
        image_url: '/media/abc123.png',
        link: 'https://example.com/summer',
        position: 0,
        is_active: true,
        is_live: true,
        starts_at: null,
      });
      const after = await home(t, memberAuth);
      expect(after.banner_sliders.map((b) => b.title)[0]).toBe('Summer drop');
      const found = await staff.get('staff/banners/?q=SUMMER');
      expect(found.body.results.map((b: StaffBanner) => b.id)).toEqual([res.body.id]);
      expect((await staff.get('staff/banners/?q=%25')).body.count).toBe(0); // % is a character, not a wildcard
      expect(after.banner_sliders).toHaveLength(4);
      const audit = await auditOf(t, res.body.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorId: staffId, action: 'banner.create', targetType: 'banner', before: null });
      expect(audit[0]!.after).toMatchObject({ title: 'Summer drop', position: 0 });
    });

    it('without a position a new banner goes last; one not yet started is listed but not on Home', async () => {
      const res = await staff.post('staff/banners/', {
        title: 'Next week',
        image_url: 'https://cdn.example.com/b.png',
        starts_at: soon(7 * 86400_000),
      });
      expect(res.status, res.raw).toBe(201);
      expect(res.body.position).toBe(4);
      expect(res.body.is_live).toBe(false);
      expect((await home(t, memberAuth)).banner_sliders.map((b) => b.title)).not.toContain('Next week');
      const notLive = await staff.get('staff/banners/?live=false');
      expect(notLive.body.results.map((b: StaffBanner) => b.title)).toEqual(['Next week']);
    });

    it('an update and a delete show on Home at once, each with one audit entry (values before and after)', async () => {
      const created = await staff.post('staff/banners/', { title: 'Temp', image_url: '/media/t.png', position: 9 });
      const id = created.body.id as string;
      expect((await home(t, memberAuth)).banner_sliders.map((b) => b.title)).toContain('Temp');

      const off = await staff.patch(`staff/banners/${id}/`, { is_active: false, title: 'Temp (off)' });
      expect(off.status, off.raw).toBe(200);
      expect(off.body).toMatchObject({ is_active: false, is_live: false, title: 'Temp (off)' });
      expect((await home(t, memberAuth)).banner_sliders.map((b) => b.id)).not.toContain(id);
      // Inactive banners stay in the staff list.
      const all = await staff.get('staff/banners/?page_size=100');
      expect(all.body.results.map((b: StaffBanner) => b.id)).toContain(id);

      const on = await staff.patch(`staff/banners/${id}/`, { is_active: true, position: 0, link: null });
      expect(on.status).toBe(200);
      const titles = (await home(t, memberAuth)).banner_sliders.map((b) => b.title);
      // Position 0, after the earlier banner at 0 (Summer drop), before the seeded ones (1, 2, 3).
      expect(titles.slice(0, 2)).toEqual(['Summer drop', 'Temp (off)']);

      expect((await staff.del(`staff/banners/${id}/`)).status).toBe(204);
      expect((await home(t, memberAuth)).banner_sliders.map((b) => b.id)).not.toContain(id);
      expect((await staff.del(`staff/banners/${id}/`)).status).toBe(404);
      expect((await staff.patch(`staff/banners/${id}/`, { title: 'x' })).body.detail).toBe(
        STAFF_CONTENT_MSG.bannerNotFound,
      );

      const audit = await auditOf(t, id);
      expect(audit.map((a) => a.action)).toEqual(['banner.create', 'banner.update', 'banner.update', 'banner.delete']);
      expect(audit[1]!.before).toMatchObject({ is_active: true, title: 'Temp' });
      expect(audit[1]!.after).toMatchObject({ is_active: false, title: 'Temp (off)' });
      expect(audit[3]!.before).toMatchObject({ title: 'Temp (off)' });
      expect(audit[3]!.after).toBeNull();
    });

    it('refuses a link that is not http(s), a bad image, a missing title and a window that ends before it starts', async () => {
      for (const link of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://x.org/a', 'example.com']) {
        const res = await staff.post('staff/banners/', { title: 'X', image_url: '/media/a.png', link });
        expect(res.status, link).toBe(400);
        expect(res.body.errors.link).toEqual([STAFF_CONTENT_MSG.linkInvalid]);
      }
      const image = await staff.post('staff/banners/', { title: 'X', image_url: 'javascript:alert(1)' });
      expect(image.status).toBe(400);
      expect(image.body.errors.image_url).toEqual([STAFF_CONTENT_MSG.imageInvalid]);
      const noImage = await staff.post('staff/banners/', { title: 'X' });
      expect(noImage.body.errors.image_url).toEqual([STAFF_CONTENT_MSG.imageRequired]);
      const noTitle = await staff.post('staff/banners/', { title: '  ', image_url: '/media/a.png' });
      expect(noTitle.body.errors.title).toEqual([STAFF_CONTENT_MSG.titleRequired]);
      const window = await staff.post('staff/banners/', {
        title: 'X',
        image_url: '/media/a.png',
        starts_at: soon(2 * 3600_000),
        ends_at: soon(3600_000),
      });
      expect(window.status).toBe(400);
      expect(window.body.errors.ends_at).toEqual([STAFF_CONTENT_MSG.endsBeforeStarts]);
      const badDate = await staff.post('staff/banners/', { title: 'X', image_url: '/media/a.png', ends_at: 'soon' });
      expect(badDate.body.errors.ends_at).toEqual([STAFF_CONTENT_MSG.dateInvalid]);
      const position = await staff.post('staff/banners/', { title: 'X', image_url: '/media/a.png', position: -1 });
      expect(position.body.errors.position).toEqual([STAFF_CONTENT_MSG.positionInvalid]);

      // An update is checked against the stored window too.
      const b = await staff.post('staff/banners/', {
        title: 'W',
        image_url: '/media/a.png',
        starts_at: soon(86400_000),
      });
      const early = await staff.patch(`staff/banners/${b.body.id}/`, { ends_at: soon(3600_000) });
      expect(early.status).toBe(400);
      expect(early.body).toMatchObject({
        detail: STAFF_CONTENT_MSG.endsBeforeStarts,
        errors: { ends_at: [STAFF_CONTENT_MSG.endsBeforeStarts] },
      });
      const empty = await staff.patch(`staff/banners/${b.body.id}/`, {});
      expect(empty.status).toBe(400);
      expect(empty.body.detail).toBe(STAFF_CONTENT_MSG.nothingToChange);
      // Refused changes leave no audit entry.
      expect((await auditOf(t, b.body.id)).map((a) => a.action)).toEqual(['banner.create']);
      await staff.del(`staff/banners/${b.body.id}/`);
    });
  });

  describe('home sections and featured items', () => {
    it('a new carousel with pinned perks shows on Home in that order; hiding, renaming and deleting follow', async () => {
      await home(t, memberAuth);
      const created = await staff.post('staff/home-sections/', { title: 'Staff picks', section_type: 'perk_carousel' });
      expect(created.status, created.raw).toBe(201);
      expect(created.body).toMatchObject({ title: 'Staff picks', is_active: true, items: [] });
      const id = created.body.id as string;

      const perkRows = await t.db
        .select({ id: perks.id, title: perks.title })
        .from(perks)
        .where(and(eq(perks.status, 'active'), eq(perks.isHidden, false)))
        .orderBy(asc(perks.title));
      const picked = [perkRows[2]!, perkRows[0]!];
      const put = await staff.put(`staff/home-sections/${id}/items/`, { item_ids: picked.map((p) => p.id) });
      expect(put.status, put.raw).toBe(200);
      expect(
        put.body.items.map((i: { item_id: string; title: string; order: number }) => [i.item_id, i.title, i.order]),
      ).toEqual([
        [picked[0]!.id, picked[0]!.title, 0],
        [picked[1]!.id, picked[1]!.title, 1],
      ]);

      let h = await home(t, memberAuth);
      expect(h.sections.at(-1)).toMatchObject({ id, title: 'Staff picks' }); // without an order: last
      expect(h.perk_carousels[id]!.map((p) => p.id)).toEqual(picked.map((p) => p.id));

      const renamed = await staff.patch(`staff/home-sections/${id}/`, { title: 'Editors’ picks', order: 0 });
      expect(renamed.status).toBe(200);
      h = await home(t, memberAuth);
      expect(h.sections[0]).toMatchObject({ id, title: 'Editors’ picks', order: 0 });

      const hidden = await staff.patch(`staff/home-sections/${id}/`, { is_active: false });
      expect(hidden.body.is_active).toBe(false);
      h = await home(t, memberAuth);
      expect(h.sections.map((s) => s.id)).not.toContain(id);
      expect(h.perk_carousels[id]).toBeUndefined();
      // Hidden sections stay in the staff list, with their pins.
      const list = await staff.get('staff/home-sections/');
      expect(list.body.results.find((s: { id: string }) => s.id === id)).toMatchObject({ is_active: false });
      expect(list.body.results.find((s: { id: string }) => s.id === id).items).toHaveLength(2);

      // Emptying the pins: Home fills it with the newest again.
      await staff.patch(`staff/home-sections/${id}/`, { is_active: true });
      await staff.put(`staff/home-sections/${id}/items/`, { item_ids: [] });
      expect((await home(t, memberAuth)).perk_carousels[id]!.length).toBeGreaterThan(2);

      expect((await staff.del(`staff/home-sections/${id}/`)).status).toBe(204);
      expect((await home(t, memberAuth)).sections.map((s) => s.id)).not.toContain(id);
      expect((await staff.del(`staff/home-sections/${id}/`)).status).toBe(404);

      expect((await auditOf(t, id)).map((a) => a.action)).toEqual([
        'home_section.create',
        'home_section.items',
        'home_section.update',
        'home_section.update',
        'home_section.update',
        'home_section.items',
        'home_section.delete',
      ]);
    });

    it('refuses pins that do not exist or are of another kind, naming the position, and an unknown section type', async () => {
      const section = await staff.post('staff/home-sections/', { title: 'Quests', section_type: 'task_carousel' });
      const id = section.body.id as string;
      const [quest] = await t.db.select({ id: quests.id }).from(quests).limit(1);
      const [perk] = await t.db.select({ id: perks.id }).from(perks).limit(1);
      const wrong = await staff.put(`staff/home-sections/${id}/items/`, { item_ids: [quest!.id, perk!.id] });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors['item_ids.1'][0]).toBe(
        `${STAFF_CONTENT_MSG.itemWrongType}: ${perk!.id} is a perk, not a quest`,
      );
      const missing = '00000000-0000-4000-8000-000000000001';
      const unknown = await staff.put(`staff/home-sections/${id}/items/`, { item_ids: [missing] });
      expect(unknown.body.errors['item_ids.0'][0]).toBe(`${STAFF_CONTENT_MSG.itemMissing}: no quest ${missing}`);
      const dup = await staff.put(`staff/home-sections/${id}/items/`, { item_ids: [quest!.id, quest!.id] });
      expect(dup.status).toBe(400);
      expect(dup.body.errors.item_ids).toEqual([STAFF_CONTENT_MSG.itemsDuplicate]);
      const badType = await staff.post('staff/home-sections/', { title: 'X', section_type: 'banner_carousel' });
      expect(badType.status).toBe(400);
      expect(badType.body.errors.section_type).toBeDefined();
      expect((await auditOf(t, id)).map((a) => a.action)).toEqual(['home_section.create']);
      await staff.del(`staff/home-sections/${id}/`);
    });

    it('the featured quests and top picks staff set show on Home in that order', async () => {
      const questRows = await t.db
        .select({ id: quests.id })
        .from(quests)
        .where(eq(quests.status, 'published'))
        .orderBy(asc(quests.title));
      const chosen = [questRows[3]!.id, questRows[1]!.id];
      const [perk] = await t.db.select({ id: perks.id }).from(perks).where(eq(perks.status, 'active')).limit(1);
      const before = await staff.get('staff/featured/?placement=featured');
      expect(before.status).toBe(200);
      const keptUsers = before.body.items.filter((i: { item_type: string }) => i.item_type === 'user');
      const put = await staff.put('staff/featured/', {
        placement: 'featured',
        items: [
          { item_type: 'quest', item_id: chosen[0] },
          { item_type: 'perk', item_id: perk!.id },
          { item_type: 'quest', item_id: chosen[1] },
          ...keptUsers.map((i: { item_type: string; item_id: string }) => ({
            item_type: i.item_type,
            item_id: i.item_id,
          })),
        ],
      });
      expect(put.status, put.raw).toBe(200);
      const h = await home(t, memberAuth);
      expect(h.featured_quests.map((q) => q.id)).toEqual(chosen);
      expect(h.featured_perks.map((p) => p.id)).toEqual([perk!.id]);
      expect(
        (await staff.get('staff/featured/')).body.items.map((i: { item_id: string }) => i.item_id).slice(0, 3),
      ).toEqual([chosen[0], perk!.id, chosen[1]]);

      const picks = await staff.put('staff/featured/', {
        placement: 'top_pick',
        items: [{ item_type: 'perk', item_id: perk!.id }],
      });
      expect(picks.status).toBe(200);
      const top = await t.app.inject({ method: 'GET', url: `${api}top-picks/`, headers: memberAuth });
      expect(top.statusCode).toBe(200);
      expect(top.json().results.map((r: { perk: { id: string } }) => r.perk.id)).toEqual([perk!.id]);

      const users = await staff.put('staff/featured/', {
        placement: 'top_pick',
        items: [{ item_type: 'user', item_id: staffId }],
      });
      expect(users.status).toBe(400);
      expect(users.body.errors['items.0']).toEqual(['Top picks are quests and perks']);
      const audit = await t.db
        .select()
        .from(staffAuditLog)
        .where(and(eq(staffAuditLog.action, 'featured.set'), eq(staffAuditLog.actorId, staffId)));
      expect(audit).toHaveLength(2);
    });
  });

  describe('explore categories', () => {
    it('staff manage categories for quests and for perks; Explore lists the active ones in order', async () => {
      const created = await staff.post('staff/categories/', {
        title: 'Design quests',
        icon: '🎨',
        content_type: 'tasks',
        description: 'Quests for designers',
        filter_criteria: { tags: ['Design'] },
        order: 0,
      });
      expect(created.status, created.raw).toBe(201);
      expect(created.body).toMatchObject({
        title: 'Design quests',
        icon: '🎨',
        content_type: 'tasks',
        is_active: true,
      });
      const id = created.body.id as string;

      const tasksOnly = await staff.get('staff/categories/?content_type=tasks&page_size=100');
      expect(tasksOnly.body.results.every((c: { content_type: string }) => c.content_type === 'tasks')).toBe(true);
      expect(tasksOnly.body.results[0].id).toBe(id);
      const searched = await staff.get('staff/categories/?q=design%20q');
      expect(searched.body.results.map((c: { id: string }) => c.id)).toEqual([id]);
      const perksOnly = await staff.get('staff/categories/?content_type=perks&page_size=100');
      expect(perksOnly.body.results.map((c: { id: string }) => c.id)).not.toContain(id);

      const explore = async () => {
        const res = await t.app.inject({
          method: 'GET',
          url: `${api}explore-categories/?page_size=100`,
          headers: memberAuth,
        });
        return res.json().results as { id: string; title: string }[];
      };
      expect((await explore())[0]!.id).toBe(id);

      const off = await staff.patch(`staff/categories/${id}/`, { is_active: false, icon: 'palette' });
      expect(off.body).toMatchObject({ is_active: false, icon: 'palette' });
      expect((await explore()).map((c) => c.id)).not.toContain(id);
      const inactive = await staff.get('staff/categories/?page_size=100');
      expect(inactive.body.results.map((c: { id: string }) => c.id)).toContain(id);

      expect((await staff.del(`staff/categories/${id}/`)).status).toBe(204);
      expect((await staff.del(`staff/categories/${id}/`)).body.detail).toBe(STAFF_CONTENT_MSG.categoryNotFound);
      expect((await auditOf(t, id)).map((a) => a.action)).toEqual([
        'category.create',
        'category.update',
        'category.delete',
      ]);
    });

    it('refuses another content type, a missing title and a long icon with field messages', async () => {
      const users = await staff.post('staff/categories/', { title: 'People', content_type: 'users' });
      expect(users.status).toBe(400);
      expect(users.body.errors.content_type).toEqual([STAFF_CONTENT_MSG.categoryTypeInvalid]);
      const noTitle = await staff.post('staff/categories/', { content_type: 'perks' });
      expect(noTitle.body.errors.title).toEqual([STAFF_CONTENT_MSG.titleRequired]);
      const icon = await staff.post('staff/categories/', { title: 'X', content_type: 'perks', icon: 'x'.repeat(65) });
      expect(icon.body.errors.icon).toEqual([STAFF_CONTENT_MSG.iconTooLong]);
      const order = await staff.post('staff/categories/', { title: 'X', content_type: 'perks', order: 1.5 });
      expect(order.body.errors.order).toEqual([STAFF_CONTENT_MSG.orderInvalid]);
    });
  });

  describe('popular searches', () => {
    const top = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${api}popular-searches/top/?limit=50`,
        headers: memberAuth,
      });
      expect(res.statusCode).toBe(200);
      return res.json() as PopularSearch[];
    };

    it('curated terms come first in their order; a suppressed term leaves Explore but is still counted', async () => {
      await t.db.insert(popularSearches).values([
        { searchTerm: 'zz counted', searchCount: 5000 },
        { searchTerm: 'zz spam', searchCount: 9000 },
      ]);
      const b = await staff.post('staff/popular-searches/', { search_term: '  Summer   Drops ', order: 1 });
      expect(b.status, b.raw).toBe(201);
      expect(b.body).toMatchObject({
        search_term: 'summer drops',
        is_promoted: true,
        is_suppressed: false,
        source: 'curated',
        search_count: 0,
      });
      const a = await staff.post('staff/popular-searches/', { search_term: 'airdrops', order: 0 });
      expect(a.status).toBe(201);
      const list = await top();
      const at = (term: string) => list.findIndex((p) => p.search_term === term);
      expect(at('airdrops')).toBeGreaterThanOrEqual(0);
      expect(at('airdrops')).toBeLessThan(at('summer drops'));
      // Every curated term before every computed one, however often those were searched.
      expect(list.findIndex((p) => !p.is_promoted)).toBe(list.filter((p) => p.is_promoted).length);
      expect(list.findIndex((p) => !p.is_promoted)).toBeGreaterThan(at('summer drops'));

      const [spam] = await t.db.select().from(popularSearches).where(eq(popularSearches.searchTerm, 'zz spam'));
      const staffList = await staff.get('staff/popular-searches/?source=computed&q=zz');
      expect(staffList.body.results.map((p: { search_term: string }) => p.search_term)).toEqual([
        'zz spam',
        'zz counted',
      ]);
      const suppressed = await staff.patch(`staff/popular-searches/${spam!.id}/`, { is_suppressed: true });
      expect(suppressed.status).toBe(200);
      expect(suppressed.body).toMatchObject({ is_suppressed: true, source: 'computed', search_count: 9000 });
      expect((await top()).map((p) => p.search_term)).not.toContain('zz spam');
      expect((await top()).map((p) => p.search_term)).toContain('zz counted');
      const onlySuppressed = await staff.get('staff/popular-searches/?suppressed=true');
      expect(onlySuppressed.body.results.map((p: { id: string }) => p.id)).toEqual([spam!.id]);

      // A term counted from searches is suppressed, not deleted; a curated one is deleted.
      const refused = await staff.del(`staff/popular-searches/${spam!.id}/`);
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toBe(STAFF_CONTENT_MSG.computedNotDeletable);
      expect((await staff.del(`staff/popular-searches/${a.body.id}/`)).status).toBe(204);
      expect((await top()).map((p) => p.search_term)).not.toContain('airdrops');

      expect((await auditOf(t, spam!.id)).map((x) => x.action)).toEqual(['popular_search.update']);
      expect((await auditOf(t, a.body.id)).map((x) => x.action)).toEqual([
        'popular_search.create',
        'popular_search.delete',
      ]);
    });

    it('curating a term members already search promotes it, keeping its count', async () => {
      await t.db.insert(popularSearches).values({ searchTerm: 'zz already', searchCount: 7 });
      const res = await staff.post('staff/popular-searches/', { search_term: 'ZZ Already' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ search_term: 'zz already', search_count: 7, is_promoted: true });
      const audit = await auditOf(t, res.body.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]!.before).toMatchObject({ is_promoted: false, search_count: 7 });
    });

    it('refuses a blank or too long term', async () => {
      const blank = await staff.post('staff/popular-searches/', { search_term: '   ' });
      expect(blank.status).toBe(400);
      expect(blank.body.errors.search_term).toEqual([STAFF_CONTENT_MSG.termRequired]);
      const long = await staff.post('staff/popular-searches/', { search_term: 'x'.repeat(61) });
      expect(long.body.errors.search_term).toEqual([STAFF_CONTENT_MSG.termTooLong]);
      const nothing = await staff.patch(`staff/popular-searches/00000000-0000-4000-8000-000000000009/`, {
        order: 1,
      });
      expect(nothing.status).toBe(404);
    });
  });
});

describe('a banner window on Home', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a banner shows on Home at once and is gone once its ends_at has passed', async () => {
    const s = await staffMember(t);
    const member = await createMember(t);
    expect((await home(t, member.auth)).banner_sliders).toEqual([]);
    const res = await client(t, s.auth).post('staff/banners/', {
      title: 'One minute only',
      image_url: '/media/hour.png',
      ends_at: soon(60_000),
    });
    expect(res.status, res.raw).toBe(201);
    expect((await home(t, member.auth)).banner_sliders.map((b) => b.title)).toEqual(['One minute only']);

    t.advance(61_000); // the app's clock: its ends_at has passed
    // Nothing changed in the database, so the home cache's copy lives out its short TTL (one second) and is
    // then recomputed with the new time: the banner is gone within the TTL, not at once.
    const deadline = Date.now() + 5000;
    let titles = ['One minute only'];
    while (titles.length && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      titles = (await home(t, member.auth)).banner_sliders.map((b) => b.title);
    }
    expect(titles).toEqual([]);
    const listed = await client(t, s.auth).get('staff/banners/');
    expect(listed.body.results[0]).toMatchObject({ title: 'One minute only', is_live: false, is_active: true });
  });
});
