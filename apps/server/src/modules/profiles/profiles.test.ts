import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_UPLOADS_PER_MINUTE } from '@wyn/contract';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { clubRequests } from '../../../test/club-requests.ts';
import { multipartBody, PNG_1PX } from '../../../test/multipart.ts';
import { createMember } from '../../../test/users.ts';
import { readdirSync } from 'node:fs';
import { mediaRoot } from '../home/media-static.ts';
import {
  banners,
  featuredItems,
  media,
  follows,
  notifications,
  perkRedemptions,
  perks,
  profiles,
  questCompletions,
  quests,
  userSettings,
} from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api = clubRequests(() => t.app);
type Member = Awaited<ReturnType<typeof createMember>>;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const counts = async (id: string) => {
  const [row] = await t.db.select().from(profiles).where(eq(profiles.id, id));
  return { followers: row!.followersCount, following: row!.followingCount };
};
const followRows = (a: Member, b: Member) =>
  t.db
    .select()
    .from(follows)
    .where(and(eq(follows.followerId, a.user.id), eq(follows.followingId, b.user.id)));
const followNotifications = (m: Member) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, m.user.id), eq(notifications.notificationType, 'follow')));
const patchMultipart = (
  by: Member,
  id: string,
  fields: Record<string, string>,
  files: Parameters<typeof multipartBody>[1],
) => {
  const body = multipartBody(fields, files);
  return t.app.inject({
    method: 'PATCH',
    url: `/api/v1/club/profiles/${id}/`,
    headers: { ...by.auth, ...body.headers },
    payload: body.payload,
  });
};

describe('GET profiles/me/', () => {
  it("returns the caller's own profile", async () => {
    const { user, auth } = await createMember(t, {
      username: 'mira',
      firstName: 'Mira',
      lastName: 'Stone',
      tgUsername: 'mira_tg',
    });
    await t.db.update(profiles).set({ bio: 'Hello there', followersCount: 3 }).where(eq(profiles.id, user.id));
    await t.db.update(userSettings).set({ privateProfile: true }).where(eq(userSettings.userId, user.id));
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/club/profiles/me/', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      user: { id: user.id, username: 'mira', first_name: 'Mira', last_name: 'Stone' },
      display_name: 'Mira Stone',
      bio: 'Hello there',
      telegram_handle: 'mira_tg',
      followers_count: 3,
      following_count: 0,
      is_following: false,
      is_private: true,
      shareable_url: `${t.config.publicUrl}/profile/${user.id}`,
    });
  });

  it('answers 401 without a token or with a bad one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/club/profiles/me/' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'not_authenticated' });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/club/profiles/me/',
      headers: { authorization: 'Bearer not.a.token' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ code: 'token_invalid' });
  });
});

describe('GET profiles/{id}/', () => {
  let owner: Member;
  let viewer: Member;
  beforeAll(async () => {
    owner = await createMember(t, { firstName: 'Olga', lastName: 'Owner', tgUsername: 'olga_tg' });
    viewer = await createMember(t);
    await t.db.update(profiles).set({ bio: 'I make quests' }).where(eq(profiles.id, owner.user.id));
    const [published, draft] = await t.db
      .insert(quests)
      .values([
        { creatorId: owner.user.id, title: 'Published quest', description: 'd', taskType: 'visit', rewardAmount: 500 },
        {
          creatorId: owner.user.id,
          title: 'Draft quest',
          description: 'd',
          taskType: 'visit',
          rewardAmount: 500,
          status: 'draft',
        },
      ])
      .returning();
    const [active] = await t.db
      .insert(perks)
      .values([
        {
          creatorId: owner.user.id,
          title: 'Active perk',
          description: 'd',
          perkType: 'discount_code',
          costAmount: 900,
        },
        {
          creatorId: owner.user.id,
          title: 'Inactive perk',
          description: 'd',
          perkType: 'discount_code',
          costAmount: 900,
          status: 'inactive',
        },
      ])
      .returning();
    // The owner completed someone's quest and bought a perk.
    const [other] = await t.db
      .insert(quests)
      .values({
        creatorId: viewer.user.id,
        title: 'Visit our site',
        description: 'd',
        taskType: 'visit',
        rewardAmount: 1250,
      })
      .returning();
    await t.db.insert(questCompletions).values([
      { questId: other!.id, userId: owner.user.id, verificationStatus: 'approved', verifiedDate: new Date() },
      { questId: published!.id, userId: viewer.user.id, verificationStatus: 'pending' },
    ]);
    await t.db.insert(perkRedemptions).values({ perkId: active!.id, userId: owner.user.id, perkTitle: 'Active perk' });
    expect(draft).toBeDefined();
  });

  it('shows others the bio, published quests and active perks, with the caller-relative is_following', async () => {
    const res = await api.get(viewer, `/profiles/${owner.user.id}/`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: owner.user.id,
      user: { id: owner.user.id, first_name: 'Olga', last_name: 'Owner' },
      display_name: 'Olga Owner',
      bio: 'I make quests',
      telegram_handle: 'olga_tg',
      is_own: false,
      is_following: false,
      created_tasks_count: 1,
      created_perks_count: 1,
      purchased_perks_count: 1,
    });
    expect(body.created_tasks.map((q: { title: string }) => q.title)).toEqual(['Published quest']);
    expect(body.created_tasks[0]).toMatchObject({ reward_amount: '5.00', status: 'published' });
    expect(body.created_perks.map((p: { title: string }) => p.title)).toEqual(['Active perk']);
    expect(body.completed_tasks).toHaveLength(1);
    expect(body.completed_tasks[0]).toMatchObject({ task_title: 'Visit our site', reward_amount: '12.50' });
    expect(Date.parse(body.completed_tasks[0].completed_at)).not.toBeNaN();
    expect(body.purchased_perks[0]).toMatchObject({ title: 'Active perk', cost_amount: '9.00' });

    await api.post(viewer, `/profiles/${owner.user.id}/follow/`);
    expect((await api.get(viewer, `/profiles/${owner.user.id}/`)).json().is_following).toBe(true);
  });

  it('shows the owner drafts and inactive perks too', async () => {
    const body = (await api.get(owner, `/profiles/${owner.user.id}/`)).json();
    expect(body.is_own).toBe(true);
    expect(body.created_tasks_count).toBe(2);
    expect(body.created_perks_count).toBe(2);
  });

  it('a private profile shows others name, avatar and counts only; the owner still sees everything', async () => {
    await t.db.update(userSettings).set({ privateProfile: true }).where(eq(userSettings.userId, owner.user.id));
    try {
      const other = (await api.get(viewer, `/profiles/${owner.user.id}/`)).json();
      expect(other).toMatchObject({
        display_name: 'Olga Owner',
        bio: '',
        telegram_handle: null,
        is_private: true,
        created_tasks_count: 1,
        purchased_perks_count: 1,
        completed_tasks: [],
        created_tasks: [],
        purchased_perks: [],
        created_perks: [],
      });
      const own = (await api.get(owner, `/profiles/${owner.user.id}/`)).json();
      expect(own.bio).toBe('I make quests');
      expect(own.created_tasks).toHaveLength(2);
      expect(own.completed_tasks).toHaveLength(1);
    } finally {
      await t.db.update(userSettings).set({ privateProfile: false }).where(eq(userSettings.userId, owner.user.id));
    }
  });

  it("a private profile's bio and completed quests stay out of member cards (home's featured users)", async () => {
    const [item] = await t.db
      .insert(featuredItems)
      .values({ placement: 'featured', userId: owner.user.id })
      .returning();
    const card = async () => {
      const res = await api.get(viewer, '/featured-users/');
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json<{ results: Array<{ id: string; bio: string; completed_tasks: unknown[] }> }>()
        .results.find((c) => c.id === owner.user.id);
    };
    try {
      expect(await card()).toMatchObject({ bio: 'I make quests', completed_tasks: [{ task_title: 'Visit our site' }] });
      await t.db.update(userSettings).set({ privateProfile: true }).where(eq(userSettings.userId, owner.user.id));
      expect(await card()).toMatchObject({ display_name: 'Olga Owner', bio: '', completed_tasks: [] });
    } finally {
      await t.db.update(userSettings).set({ privateProfile: false }).where(eq(userSettings.userId, owner.user.id));
      await t.db.delete(featuredItems).where(eq(featuredItems.id, item!.id));
    }
  });

  it('an unknown id → 404, a malformed id → 400 Invalid ID format', async () => {
    const missing = await api.get(viewer, `/profiles/${UNKNOWN_ID}/`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ detail: 'Profile not found.', code: 'not_found' });
    const bad = await api.get(viewer, '/profiles/not-a-uuid/');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ detail: 'Invalid ID format' });
    expect((await api.post(viewer, '/profiles/123/follow/')).statusCode).toBe(400);
    expect((await api.get(viewer, `/profiles/${UNKNOWN_ID}/followers_count/`)).statusCode).toBe(404);
  });

  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/club/profiles/${owner.user.id}/` });
    expect(res.statusCode).toBe(401);
  });
});

describe('follow and unfollow', () => {
  it('cannot follow yourself (400 with a clear message)', async () => {
    const me = await createMember(t);
    const res = await api.post(me, `/profiles/${me.user.id}/follow/`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: 'You cannot follow yourself.' });
    expect(await counts(me.user.id)).toEqual({ followers: 0, following: 0 });
  });

  it('an upper-case spelling of your own id is still you: 400, not a database error', async () => {
    const me = await createMember(t);
    const upper = me.user.id.toUpperCase();
    for (const action of ['follow', 'unfollow']) {
      const res = await api.post(me, `/profiles/${upper}/${action}/`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ detail: 'You cannot follow yourself.' });
    }
    expect(await counts(me.user.id)).toEqual({ followers: 0, following: 0 });
    const edit = await api.patch(me, `/profiles/${upper}/`, { bio: 'upper case is me too' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ id: me.user.id, bio: 'upper case is me too' });
  });

  it('following twice keeps one row, counts +1 once and notifies once', async () => {
    const a = await createMember(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const b = await createMember(t, { username: 'bob_b' });
    const first = await api.post(a, `/profiles/${b.user.id}/follow/`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ detail: 'You are now following bob_b', is_following: true, followers_count: 1 });
    const again = await api.post(a, `/profiles/${b.user.id}/follow/`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ is_following: true, followers_count: 1 });

    expect(await followRows(a, b)).toHaveLength(1);
    expect(await counts(b.user.id)).toEqual({ followers: 1, following: 0 });
    expect(await counts(a.user.id)).toEqual({ followers: 0, following: 1 });
    const sent = await followNotifications(b);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      title: 'New follower',
      message: 'Ada Lovelace started following you',
      link: `/profile/${a.user.id}`,
      isRead: false,
    });

    expect((await api.get(a, `/profiles/${b.user.id}/followers_count/`)).json()).toEqual({ count: 1 });
    expect((await api.get(a, `/profiles/${a.user.id}/following_count/`)).json()).toEqual({ count: 1 });
  });

  it('unfollowing twice ends at zero, never below, and is a no-op when not following', async () => {
    const a = await createMember(t);
    const b = await createMember(t, { username: 'carl_c' });
    const noop = await api.post(a, `/profiles/${b.user.id}/unfollow/`);
    expect(noop.statusCode).toBe(200);
    expect(noop.json()).toEqual({ detail: 'You unfollowed carl_c', is_following: false, followers_count: 0 });
    await api.post(a, `/profiles/${b.user.id}/follow/`);
    for (let i = 0; i < 2; i++) {
      const res = await api.post(a, `/profiles/${b.user.id}/unfollow/`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ is_following: false, followers_count: 0 });
    }
    expect(await followRows(a, b)).toHaveLength(0);
    expect(await counts(b.user.id)).toEqual({ followers: 0, following: 0 });
    expect(await counts(a.user.id)).toEqual({ followers: 0, following: 0 });
  });

  it('following again after unfollowing notifies again and counts once', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    await api.post(a, `/profiles/${b.user.id}/follow/`);
    await api.post(a, `/profiles/${b.user.id}/unfollow/`);
    await api.post(a, `/profiles/${b.user.id}/follow/`);
    expect(await counts(b.user.id)).toEqual({ followers: 1, following: 0 });
    expect(await followNotifications(b)).toHaveLength(2);
  });

  it('unknown profiles → 404 and no row', async () => {
    const a = await createMember(t);
    const res = await api.post(a, `/profiles/${UNKNOWN_ID}/follow/`);
    expect(res.statusCode).toBe(404);
    expect(await t.db.select().from(follows).where(eq(follows.followerId, a.user.id))).toHaveLength(0);
  });
});

describe('PATCH profiles/{id}/', () => {
  it("cannot change another member's profile (403)", async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    const res = await api.patch(a, `/profiles/${b.user.id}/`, { bio: 'hacked' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ detail: 'You do not have permission to update this profile.' });
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, b.user.id));
    expect(row!.bio).toBe('');
  });

  it('updates names, username and bio (JSON) and returns the profile', async () => {
    const a = await createMember(t);
    const res = await api.patch(a, `/profiles/${a.user.id}/`, {
      first_name: ' Nina ',
      last_name: 'Park',
      username: 'nina_park',
      bio: 'Quest lover',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      display_name: 'Nina Park',
      bio: 'Quest lover',
      user: { username: 'nina_park', first_name: 'Nina', last_name: 'Park' },
    });
  });

  it('refuses fields only the server sets, and bad values, with clear messages', async () => {
    const a = await createMember(t);
    for (const payload of [{ followers_count: 99 }, { is_staff: true }, { is_business: true }, { avatar: '/x.png' }]) {
      const res = await api.patch(a, `/profiles/${a.user.id}/`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('invalid');
    }
    const short = await api.patch(a, `/profiles/${a.user.id}/`, { username: 'ab' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ errors: { username: ['Username must be at least 3 characters'] } });
    const long = await api.patch(a, `/profiles/${a.user.id}/`, { bio: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.bio).toEqual(['Bio must be at most 500 characters']);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, a.user.id));
    expect(row!.followersCount).toBe(0);
  });

  it('text PostgreSQL cannot store (U+0000) → 400 naming the field, not a 500', async () => {
    const a = await createMember(t);
    for (const [field, label] of [
      ['bio', 'Bio'],
      ['first_name', 'First name'],
      ['last_name', 'Last name'],
    ] as const) {
      const res = await api.patch(a, `/profiles/${a.user.id}/`, { [field]: 'a\u0000b' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'invalid',
        errors: { [field]: [`${label} contains characters that are not allowed.`] },
      });
    }
    const multipart = await patchMultipart(a, a.user.id, { bio: 'a\u0000b' }, []);
    expect(multipart.statusCode, multipart.body).toBe(400);
  });

  it('a malformed multipart body (no boundary, cut short) → 400, not a 500', async () => {
    const a = await createMember(t);
    const url = `/api/v1/club/profiles/${a.user.id}/`;
    const noBoundary = await t.app.inject({
      method: 'PATCH',
      url,
      headers: { ...a.auth, 'content-type': 'multipart/form-data' },
      payload: 'bio=x',
    });
    expect(noBoundary.statusCode, noBoundary.body).toBe(400);
    const whole = multipartBody({ bio: 'cut short' }, [{ field: 'avatar', filename: 'me.png', bytes: PNG_1PX }]);
    const cut = await t.app.inject({
      method: 'PATCH',
      url,
      headers: { ...a.auth, ...whole.headers },
      payload: whole.payload.subarray(0, 60),
    });
    expect(cut.statusCode, cut.body).toBe(400);
    expect(cut.json()).toMatchObject({ code: 'invalid' });
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, a.user.id));
    expect(row!.bio).not.toBe('cut short');
  });

  it('a username taken by someone else (any case) → 400 with a field error', async () => {
    await createMember(t, { username: 'Taken_Name' });
    const a = await createMember(t);
    const res = await api.patch(a, `/profiles/${a.user.id}/`, { username: 'taken_name' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.username).toHaveLength(1);
    expect(res.json().detail).toBe(res.json().errors.username[0]);
  });

  it('multipart: a real PNG avatar is stored and served; bio saved alongside', async () => {
    const a = await createMember(t);
    const res = await patchMultipart(a, a.user.id, { bio: 'With a face' }, [
      { field: 'avatar', filename: 'me.png', bytes: PNG_1PX, type: 'image/png' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.bio).toBe('With a face');
    expect(body.avatar).toMatch(/^\/media\/.+\.png$/);
    const served = await t.app.inject({ method: 'GET', url: body.avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG_1PX)).toBe(true);
  });

  it('multipart: a text file renamed .png → 415 and the avatar is unchanged', async () => {
    const a = await createMember(t);
    const res = await patchMultipart(a, a.user.id, { bio: 'nope' }, [
      { field: 'avatar', filename: 'me.png', bytes: Buffer.from('just some text, not an image'), type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(415);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, a.user.id));
    expect(row).toMatchObject({ avatar: null, bio: '' });
  });

  it('avatar uploads share the per-member upload limit (429 with Retry-After)', async () => {
    const a = await createMember(t);
    const send = () =>
      patchMultipart(a, a.user.id, {}, [{ field: 'avatar', filename: 'me.png', bytes: PNG_1PX, type: 'image/png' }]);
    for (let i = 0; i < MEDIA_UPLOADS_PER_MINUTE; i++) expect((await send()).statusCode).toBe(200);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // A JSON edit is not an upload and still goes through.
    expect((await api.patch(a, `/profiles/${a.user.id}/`, { bio: 'still here' })).statusCode).toBe(200);
  });

  describe('the avatar file', () => {
    const avatarFile = [{ field: 'avatar', filename: 'me.png', bytes: PNG_1PX, type: 'image/png' }];
    const newAvatar = async (m: Member, fields: Record<string, string> = {}) => {
      const res = await patchMultipart(m, m.user.id, fields, avatarFile);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().avatar as string;
    };
    const served = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
    const mediaRows = (m: Member) => t.db.select().from(media).where(eq(media.ownerId, m.user.id));
    const storedFiles = () => readdirSync(mediaRoot(t.config.dataDir)).sort();
    const setAvatar = (m: Member, avatar: string) =>
      t.db.update(profiles).set({ avatar }).where(eq(profiles.id, m.user.id));

    it('replacing an avatar deletes the previous upload (file and row)', async () => {
      const a = await createMember(t);
      const first = await newAvatar(a);
      const second = await newAvatar(a);
      expect(second).not.toBe(first);
      expect(await served(first)).toBe(404);
      expect(await served(second)).toBe(200);
      expect((await mediaRows(a)).map((r) => `/media/${r.storageKey}`)).toEqual([second]);
      // A JSON edit keeps the avatar and its file.
      expect((await api.patch(a, `/profiles/${a.user.id}/`, { bio: 'still me' })).statusCode).toBe(200);
      expect(await served(second)).toBe(200);
    });

    it('a failed edit keeps no new upload, and the current avatar stays', async () => {
      await createMember(t, { username: 'Taken_For_Avatar' });
      const a = await createMember(t);
      const current = await newAvatar(a);
      const filesBefore = storedFiles();
      const res = await patchMultipart(a, a.user.id, { username: 'taken_for_avatar' }, avatarFile);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.username).toHaveLength(1);
      expect(storedFiles()).toEqual(filesBefore);
      expect((await mediaRows(a)).map((r) => `/media/${r.storageKey}`)).toEqual([current]);
      const [row] = await t.db.select().from(profiles).where(eq(profiles.id, a.user.id));
      expect(row!.avatar).toBe(current);
      expect(await served(current)).toBe(200);
    });

    it("never deletes a Telegram photo, someone else's upload, or a file still shown elsewhere", async () => {
      const a = await createMember(t);
      const b = await createMember(t);

      await setAvatar(a, 'https://t.me/i/userpic/320/someone.jpg');
      await newAvatar(a);

      const theirs = await newAvatar(b);
      await setAvatar(a, theirs);
      await newAvatar(a);
      expect(await served(theirs)).toBe(200);
      expect(await mediaRows(b)).toHaveLength(1);

      const c = await createMember(t);
      const onBanner = await newAvatar(c);
      await t.db.insert(banners).values({ title: 'Uses the picture', imageUrl: onBanner });
      const latest = await newAvatar(c);
      expect(await served(onBanner)).toBe(200);
      expect((await mediaRows(c)).map((r) => `/media/${r.storageKey}`).sort()).toEqual([onBanner, latest].sort());
    });
  });

  it("multipart on someone else's profile → 403", async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    const res = await patchMultipart(a, b.user.id, { bio: 'x' }, [
      { field: 'avatar', filename: 'me.png', bytes: PNG_1PX },
    ]);
    expect(res.statusCode).toBe(403);
  });
});
