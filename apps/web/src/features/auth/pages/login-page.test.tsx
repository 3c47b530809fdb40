import { MSG, type AuthResponse, type PublicConfig } from '@wyn/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { authSession } from '@/lib/session';
import { user } from '@/testing/fixtures';
import { appConfigHandler } from '@/testing/msw/account-handlers';
import { apiError } from '@/testing/msw/api';
import { server } from '@/testing/msw/server';
import { renderScreen } from '@/testing/render';
import { LoginPage } from './login-page';

/** The public configuration, and every POST recorded and answered by `onPost` (404 without one). */
function stubApi(config: Partial<PublicConfig>, onPost?: (path: string, body: unknown) => Response) {
  const posts: Array<{ path: string; body: unknown }> = [];
  server.use(
    appConfigHandler(config),
    http.post('*/api/v1/*', async ({ request }) => {
      const path = new URL(request.url).pathname;
      const body = await request.json();
      posts.push({ path, body });
      return onPost ? onPost(path, body) : apiError(404, { detail: 'Not found.', code: 'not_found' });
    }),
  );
  return posts;
}

const auth: AuthResponse = { access: 'a', refresh: 'r', access_expires_at: '2099-01-01T00:00:00Z', user };

afterEach(() => {
  authSession.clear();
  window.history.replaceState(null, '', '/');
});

describe('LoginPage', () => {
  it('disables Login with Telegram with a note when the bot is not configured', async () => {
    stubApi({ telegram_bot_id: null });
    renderScreen(<LoginPage />, { path: '/login' });
    expect(await screen.findByTestId('telegram-not-configured')).toBeTruthy();
    expect(screen.getByTestId('telegram-not-configured').textContent).toContain(MSG.telegramNotConfigured);
    expect((screen.getByRole('button', { name: 'Login with Telegram' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Login with Telegram Mini App' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/privacy');
  });

  it('validates the password form inline and shows server errors inline', async () => {
    stubApi({ telegram_bot_id: 1 }, () =>
      apiError(401, { detail: MSG.invalidCredentials, code: 'invalid_credentials' }),
    );
    renderScreen(<LoginPage />, { path: '/login' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Username, email or phone is required')).toBeTruthy();
    expect(screen.getByText(MSG.passwordRequired)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Username, email or phone'), { target: { value: 'ana' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrongpass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(MSG.invalidCredentials)).toBeTruthy();
    expect(authSession.isAuthenticated()).toBe(false);
  });

  it('signs in with the password and goes to /', async () => {
    const posts = stubApi({ telegram_bot_id: 1 }, () => HttpResponse.json(auth));
    renderScreen(<LoginPage />, { path: '/login' });
    fireEvent.change(screen.getByLabelText('Username, email or phone'), { target: { value: ' ana ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(posts.find((p) => p.path.endsWith('bot/login/'))?.body).toEqual({
      identifier: 'ana',
      password: 'secret123',
    });
    expect(authSession.get().token).toBe('a');
  });

  it('reads #tgAuthResult on return from Telegram, cleans the URL and signs in', async () => {
    const info = { id: 42, first_name: 'Tg', auth_date: 1741600000, hash: 'b'.repeat(64) };
    window.history.replaceState(null, '', `/login#tgAuthResult=${btoa(JSON.stringify(info))}`);
    const posts = stubApi({ telegram_bot_id: 1 }, () => HttpResponse.json(auth));
    renderScreen(<LoginPage />, { path: '/login#tgAuthResult=' + btoa(JSON.stringify(info)) });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(posts.find((p) => p.path.endsWith('bot/telegram-webapp-auth/'))?.body).toEqual({ telegram_user_info: info });
  });

  it('reports Telegram data without an id', async () => {
    window.history.replaceState(null, '', `/login?hash=${'c'.repeat(64)}&auth_date=1`);
    const posts = stubApi({ telegram_bot_id: 1 });
    renderScreen(<LoginPage />, { path: `/login?hash=${'c'.repeat(64)}&auth_date=1` });
    expect(await screen.findByText(MSG.invalidTelegramData)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(posts.some((p) => p.path.includes('telegram-webapp-auth'))).toBe(false);
  });
});
