import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { profiles, userSettings } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

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
