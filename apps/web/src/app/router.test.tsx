import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { authSession } from '@/lib/session';
import { homepage, profile, user, USER_ID } from '@/testing/fixtures';
import { appConfig } from '@/testing/msw/account-handlers';
import { apiError, routes } from '@/testing/msw/api';
import { AppRoutes } from './router';

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

beforeEach(() => {
  routes({
    'bot/config/': appConfig,
    'bot/current-user/': user,
    'club/profiles/me/': profile,
    'club/wallets/my_wallet/': { id: USER_ID, user: USER_ID, balance: '10.00' },
    'club/notifications/': { results: [], count: 0, next: null, previous: null, unread_count: 0 },
    'club/homepage/complete/': homepage(),
    // Every other call (profiles/{id}/, the live stream, …): 404, which the screens show as not found.
    '/api/v1/': () => apiError(404, { detail: 'Not found.', code: 'not_found' }),
  });
});
afterEach(() => {
  authSession.clear();
});

describe('routes when signed out', () => {
  it.each([
    '/',
    '/home',
    '/quest/abc',
    '/wallet',
    '/profile',
    '/messages?user=1',
    '/create',
    '/edit-perk/1',
    '/edit-quest/1',
  ])('%s redirects to /splash', async (path) => {
    renderAt(path);
    expect(await screen.findByTestId('splash')).toBeTruthy();
    expect(location()).toBe('/splash');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('/explore shows its own sign-in prompt instead of redirecting', async () => {
    renderAt('/explore');
    expect(await screen.findByRole('heading', { name: 'Sign in to explore' })).toBeTruthy();
    expect(location()).toBe('/explore');
  });

  it('shows public pages without the navigation', async () => {
    renderAt('/terms');
    expect(await screen.findByRole('heading', { name: 'Terms of Service' })).toBeTruthy();
    expect(screen.getByText('Last updated March 2025')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('privacy states the minimum age of 13', async () => {
    renderAt('/privacy');
    expect((await screen.findByTestId('minimum-age')).textContent).toContain('at least 13 years old');
  });

  it('unknown paths show the 404 page', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });
});

describe('routes when signed in', () => {
  beforeEach(() => authSession.signIn({ access: 'a', refresh: 'r', access_expires_at: '2099-01-01T00:00:00Z', user }));

  it('home shows the navigation with five entries, Home active', async () => {
    renderAt('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const names = ['Home', 'Explore', 'Create', 'Wallet', 'Profile'];
    const links = names.map((name) => within(nav).getByRole('link', { name }));
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/home', '/explore', '/create', '/wallet', '/profile']);
    expect(nav.querySelectorAll('li a')).toHaveLength(5);
    expect(links[0]!.getAttribute('aria-current')).toBe('page');
    expect(links[1]!.getAttribute('aria-current')).toBeNull();
  });

  it.each(['/', '/explore', '/create', '/wallet', '/profile'])(
    '%s reaches Messages and Notifications, and highlights only its own tab (issue #14 item 18)',
    async (path) => {
      renderAt(path);
      const nav = await screen.findByRole('navigation', { name: 'Main' });
      expect((await screen.findByRole('link', { name: 'Messages' })).getAttribute('href')).toBe('/messages');
      expect(screen.getByRole('link', { name: 'Notifications' }).getAttribute('href')).toBe('/notifications');
      const create = within(nav).getByRole('link', { name: 'Create' });
      expect(create.getAttribute('aria-current')).toBe(path === '/create' ? 'page' : null);
      expect(create.querySelector('.bg-primary') !== null).toBe(path === '/create');
      expect(nav.querySelectorAll('[aria-current="page"]')).toHaveLength(1);
    },
  );

  it.each([
    ['/quests/q1', '/quest/q1', 'Quest not found. It might have been removed.'],
    ['/perks/p1', '/perk/p1', 'Perk Not Found'],
    ['/chat/u1', '/messages?user=u1', 'Unable to start chat with this user'],
  ])('%s redirects to %s', async (from, to, text) => {
    renderAt(from);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(location()).toBe(to);
  });

  it('/create renders the wizard inside the layout', async () => {
    renderAt('/create');
    expect(await screen.findByRole('radio', { name: /Create Quest/ })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });

  it('/review renders the To review list', async () => {
    renderAt('/review');
    expect(await screen.findByRole('heading', { name: 'To review' })).toBeTruthy();
  });

  it.each(['/profile', `/profile/${USER_ID}`])('%s renders the profile screen inside the layout', async (path) => {
    renderAt(path);
    // The stub answers 404 for profiles/{id}/, so the screen shows its not-found state.
    expect(await screen.findByRole('heading', { name: 'Profile not found' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });

  it.each([
    ['/explore', 'Explore'],
    ['/notifications', 'Notifications'],
  ])('%s renders its screen inside the layout', async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });

  it('/messages renders the conversation list inside the layout', async () => {
    renderAt('/messages');
    expect(await screen.findByRole('heading', { name: 'Messages' })).toBeTruthy();
    expect(await screen.findByText('Failed to load conversations. Please try refreshing.')).toBeTruthy();
    expect(screen.getByText('Select a conversation')).toBeTruthy();
  });

  it('/wallet renders the wallet inside the layout', async () => {
    renderAt('/wallet');
    expect(await screen.findByRole('heading', { name: 'Wallet' })).toBeTruthy();
    expect(await screen.findByTestId('wallet-balance')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });

  it('/manage-perks renders its screen', async () => {
    renderAt('/manage-perks');
    expect(await screen.findByRole('heading', { name: 'Manage Perks' })).toBeTruthy();
    expect(await screen.findByText('Failed to load perks')).toBeTruthy();
  });

  it('the splash sends a signed-in member to /home', async () => {
    renderAt('/splash');
    expect(await screen.findByTestId('welcome-title')).toBeTruthy();
    expect(location()).toBe('/home');
  });
});
