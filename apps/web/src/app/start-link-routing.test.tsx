import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { authSession } from '@/lib/session';
import { captureStartLink, pendingStartRoute, referralCode } from '@/lib/start-link';
import { homepage, profile, user, USER_ID } from '@/testing/fixtures';
import { appConfig } from '@/testing/msw/account-handlers';
import { apiError, routes } from '@/testing/msw/api';
import { AppRoutes } from './router';

const QUEST_ID = '3f2b8c1e-9d4a-4f6b-8a2e-1c5d7e9f0a1b';

function LocationProbe() {
  const l = useLocation();
  return <output data-testid="location">{l.pathname + l.search}</output>;
}

function renderAt(path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const location = () => screen.getByTestId('location').textContent;
const browserLaunch = (startapp: string) =>
  captureStartLink({ initData: null, launchStartParam: null, search: `?startapp=${startapp}` });

beforeEach(() => {
  routes({
    'bot/config/': appConfig,
    'bot/current-user/': user,
    'club/profiles/me/': profile,
    'club/wallets/my_wallet/': { id: USER_ID, user: USER_ID, balance: '10.00' },
    'club/notifications/': { results: [], count: 0, next: null, previous: null, unread_count: 0 },
    'club/homepage/complete/': homepage(),
    '/api/v1/': () => apiError(404, { detail: 'Not found.', code: 'not_found' }),
  });
});
afterEach(() => authSession.clear());

describe('deep links after sign-in', () => {
  // First in the file: Home's lazy chunk has not loaded yet.
  it('marks the link followed while the screen it opens is still loading (a reload then stays where it is)', () => {
    authSession.signIn({ access: 'a', refresh: 'r', access_expires_at: '2099-01-01T00:00:00Z', user });
    browserLaunch('r_early1');
    renderAt('/home');
    expect(screen.queryByRole('heading', { name: /Featured Quests/i })).toBeNull();
    expect(pendingStartRoute()).toBeNull();
  });

  it('a signed-in launch with q_<id> opens the quest instead of Home, once', async () => {
    authSession.signIn({ access: 'a', refresh: 'r', access_expires_at: '2099-01-01T00:00:00Z', user });
    browserLaunch(`q_${QUEST_ID}`);
    renderAt('/home');
    await waitFor(() => expect(location()).toBe(`/quest/${QUEST_ID}`));
    expect(await screen.findByText('Quest not found. It might have been removed.')).toBeTruthy();
    expect(pendingStartRoute()).toBeNull();
  });

  it('a signed-out visitor is sent to sign in first; the link waits', async () => {
    browserLaunch(`p_${QUEST_ID}`);
    renderAt(`/?startapp=p_${QUEST_ID}`);
    expect(await screen.findByTestId('splash')).toBeTruthy();
    expect(pendingStartRoute()).toBe(`/perk/${QUEST_ID}`);
  });

  it('a referral lands on Home and keeps the code', async () => {
    authSession.signIn({ access: 'a', refresh: 'r', access_expires_at: '2099-01-01T00:00:00Z', user });
    browserLaunch('r_friend42');
    renderAt('/?startapp=r_friend42');
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(location()).toBe('/?startapp=r_friend42');
    await waitFor(() => expect(pendingStartRoute()).toBeNull());
    expect(referralCode()).toBe('friend42');
  });

  it('an unknown parameter changes nothing', async () => {
    authSession.signIn({ access: 'a', refresh: 'r', access_expires_at: '2099-01-01T00:00:00Z', user });
    browserLaunch('zz_top');
    renderAt('/?startapp=zz_top');
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(location()).toBe('/?startapp=zz_top');
  });
});
