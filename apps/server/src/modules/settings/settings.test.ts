import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { userSettings } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const url = '/api/v1/club/user-settings/';

describe('user settings', () => {
  it('starts with the defaults: system theme, notifications on, public profile', async () => {
    const { auth } = await createMember(t);
    const res = await t.app.inject({ method: 'GET', url, headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ theme: 'system', notifications_enabled: true, private_profile: false });
  });

  it('POST user/settings/ changes only the fields sent and keeps them', async () => {
    const { user, auth } = await createMember(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/club/user/settings/',
      headers: auth,
      payload: { theme: 'dark' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ theme: 'dark', notifications_enabled: true, private_profile: false });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/club/user/settings/',
      headers: auth,
      payload: { notifications_enabled: false },
    });
    expect(again.json()).toMatchObject({ theme: 'dark', notifications_enabled: false });
    const [row] = await t.db.select().from(userSettings).where(eq(userSettings.userId, user.id));
    expect(row).toMatchObject({ theme: 'dark', notificationsEnabled: false, privateProfile: false });
    const read = await t.app.inject({ method: 'GET', url, headers: auth });
    expect(read.json()).toMatchObject({ theme: 'dark', notifications_enabled: false });
  });

  it('PATCH user-settings/ does the same', async () => {
    const { auth } = await createMember(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url,
      headers: auth,
      payload: { private_profile: true, theme: 'light' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ theme: 'light', private_profile: true });
  });

  it('creates the row with defaults for a member who has none', async () => {
    const { user, auth } = await createMember(t);
    await t.db.delete(userSettings).where(eq(userSettings.userId, user.id));
    const res = await t.app.inject({ method: 'GET', url, headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ theme: 'system' });
    expect(await t.db.select().from(userSettings).where(eq(userSettings.userId, user.id))).toHaveLength(1);
  });

  it('refuses unknown fields and bad values with 400, changing nothing', async () => {
    const { user, auth } = await createMember(t);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/club/user/settings/',
      headers: auth,
      payload: { theme: 'dark', is_staff: true },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'invalid' });
    const badTheme = await t.app.inject({ method: 'PATCH', url, headers: auth, payload: { theme: 'neon' } });
    expect(badTheme.statusCode).toBe(400);
    expect(badTheme.json().errors).toHaveProperty('theme');
    const badType = await t.app.inject({
      method: 'PATCH',
      url,
      headers: auth,
      payload: { notifications_enabled: 'yes' },
    });
    expect(badType.statusCode).toBe(400);
    const [row] = await t.db.select().from(userSettings).where(eq(userSettings.userId, user.id));
    expect(row?.theme).toBe('system');
  });

  it('answers 401 without a token or with a bad one', async () => {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/club/user/settings/',
      headers: { authorization: 'Bearer x' },
      payload: { theme: 'dark' },
    });
    expect(bad.statusCode).toBe(401);
  });
});
