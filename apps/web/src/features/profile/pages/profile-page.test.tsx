import { http, HttpResponse } from 'msw';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { routes, type ProfileDetail } from '@wyn/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authSession } from '@/lib/session';
import { api, apiError, recordRequests } from '@/testing/msw/api';
import { server } from '@/testing/msw/server';
import { jsonResponse, OTHER_ID, profile as baseProfile, user, USER_ID } from '@/testing/fixtures';
import { renderScreen } from '@/testing/render';
import ProfilePage from './profile-page';

const other = (patch: Partial<ProfileDetail> = {}): ProfileDetail => ({
  ...baseProfile,
  id: OTHER_ID,
  user: { id: OTHER_ID, username: 'bo', first_name: 'Bo', last_name: 'Lee' },
  display_name: 'Bo Lee',
  followers_count: 3,
  is_own: false,
  created_tasks_count: 0,
  purchased_perks_count: 0,
  created_perks_count: 0,
  completed_tasks: [],
  created_tasks: [],
  purchased_perks: [],
  created_perks: [],
  ...patch,
});

let followReply: () => Promise<Response>;
let calls: Array<{ method: string; path: string }>;

beforeEach(() => {
  authSession.signIn({ access: 'a', refresh: 'r', access_expires_at: '2099-01-01T00:00:00Z', user });
  followReply = async () => jsonResponse({ detail: 'ok', is_following: true, followers_count: 4 });
  calls = recordRequests();
  server.use(
    api.on(routes.profileFollow, ({ params }) => (params.id === OTHER_ID ? followReply() : undefined)),
    // Before profiles/{id}/, which `me` would match too.
    api.on(routes.myProfile, () => HttpResponse.json(baseProfile)),
    api.on(routes.profile, ({ params }) => {
      if (params.id === OTHER_ID) return HttpResponse.json(other());
      if (params.id === USER_ID) return HttpResponse.json({ ...other(), ...baseProfile, is_own: true, bio: '' });
      return undefined;
    }),
    api.on(routes.userSettings, () =>
      HttpResponse.json({
        theme: 'system',
        notifications_enabled: true,
        private_profile: false,
        timezone: 'UTC',
        streak_reminders: false,
        reminder_hour: 19,
        created_at: '2025-01-01T00:00:00Z',
        updated_at: '2025-01-01T00:00:00Z',
      }),
    ),
    // Every other call: 404, as the server answers an unknown path.
    http.all('*/api/v1/*', () => apiError(404, { detail: 'Not found.', code: 'not_found' })),
  );
});
afterEach(() => {
  authSession.clear();
});

const renderAt = (path: string) => renderScreen(<ProfilePage />, { path, pattern: '/profile/:id?' });

describe('profile page', () => {
  it("another member's profile: Follow moves the count at once and keeps the server's number", async () => {
    let release!: () => void;
    followReply = () =>
      new Promise((r) => {
        release = () => r(jsonResponse({ detail: 'ok', is_following: true, followers_count: 4 }));
      });
    renderAt(`/profile/${OTHER_ID}`);
    expect(await screen.findByRole('heading', { name: 'Bo Lee' })).toBeTruthy();
    expect(screen.getByTestId('profile-bio').textContent).toBe('No bio available');
    expect(screen.getByRole('link', { name: /Message/ }).getAttribute('href')).toBe(`/messages?user=${OTHER_ID}`);
    expect(screen.getByTestId('followers-count').textContent).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(screen.getByTestId('followers-count').textContent).toBe('4'));
    expect(screen.getByRole('button', { name: 'Unfollow' })).toBeTruthy();
    release();
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/follow/') && c.method === 'POST')).toBe(true));
    expect(screen.getByTestId('followers-count').textContent).toBe('4');
  });

  it('a failed follow puts the count and the button back', async () => {
    followReply = async () => jsonResponse({ detail: 'nope', code: 'invalid' }, 400);
    renderAt(`/profile/${OTHER_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/follow/'))).toBe(true));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Follow' })).toBeTruthy());
    expect(screen.getByTestId('followers-count').textContent).toBe('3');
  });

  it('/profile is the own profile: edit toggle, settings, creator tools, empty tabs', async () => {
    renderAt('/profile');
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Manage Perks/ }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: /To review/ }).length).toBeGreaterThan(0);
    expect(screen.getByText('No quests yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explore Quests' }).getAttribute('href')).toBe('/explore');
    expect((await screen.findAllByRole('radio', { name: 'System' }))[0]!.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ana');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
  });

  it('an unknown profile shows Profile not found with Back to Explore', async () => {
    renderAt('/profile/33333333-3333-4333-8333-333333333333');
    expect(await screen.findByText('Profile not found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to Explore' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/explore'));
  });
});
