import { MSG } from '@wyn/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authSession } from '@/lib/session';
import { jsonResponse, user } from '@/testing/fixtures';
import { renderScreen } from '@/testing/render';
import { LoginPage } from './login-page';

function stubFetch(config: { telegram_bot_id: number | null }, onPost?: (url: string, body: unknown) => Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.includes('bot/config/'))
      return jsonResponse({
        product_name: 'Wyn',
        telegram_bot_username: 'wyn_bot',
        welcome_bonus: '100.00',
        ...config,
      });
    if (init?.method === 'POST' && onPost) return onPost(url, JSON.parse(String(init.body)));
    return jsonResponse({ detail: 'Not found.', code: 'not_found' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const auth = { access: 'a', refresh: 'r', access_expires_at: '2099-01-01T00:00:00Z', user };

afterEach(() => {
  authSession.clear();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('LoginPage', () => {
  it('disables Login with Telegram with a note when the bot is not configured', async () => {
    stubFetch({ telegram_bot_id: null });
    renderScreen(<LoginPage />, { path: '/login' });
    expect(await screen.findByTestId('telegram-not-configured')).toBeTruthy();
    expect(screen.getByTestId('telegram-not-configured').textContent).toContain(MSG.telegramNotConfigured);
    expect((screen.getByRole('button', { name: 'Login with Telegram' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Login with Telegram Mini App' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/privacy');
  });

  it('validates the password form inline and shows server errors inline', async () => {
    stubFetch({ telegram_bot_id: 1 }, () =>
      jsonResponse({ detail: MSG.invalidCredentials, code: 'invalid_credentials' }, 401),
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
    const fetch = stubFetch({ telegram_bot_id: 1 }, () => jsonResponse(auth));
    renderScreen(<LoginPage />, { path: '/login' });
    fireEvent.change(screen.getByLabelText('Username, email or phone'), { target: { value: ' ana ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    const login = fetch.mock.calls.find(([u]) => String(u).includes('bot/login/'))!;
    expect(JSON.parse(String(login[1]!.body))).toEqual({ identifier: 'ana', password: 'secret123' });
    expect(authSession.get().token).toBe('a');
  });

  it('reads #tgAuthResult on return from Telegram, cleans the URL and signs in', async () => {
    const info = { id: 42, first_name: 'Tg', auth_date: 1741600000, hash: 'b'.repeat(64) };
    window.history.replaceState(null, '', `/login#tgAuthResult=${btoa(JSON.stringify(info))}`);
    const fetch = stubFetch({ telegram_bot_id: 1 }, () => jsonResponse(auth));
    renderScreen(<LoginPage />, { path: '/login#tgAuthResult=' + btoa(JSON.stringify(info)) });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    const call = fetch.mock.calls.find(([u]) => String(u).includes('bot/telegram-webapp-auth/'))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ telegram_user_info: info });
  });

  it('reports Telegram data without an id', async () => {
    window.history.replaceState(null, '', `/login?hash=${'c'.repeat(64)}&auth_date=1`);
    const fetch = stubFetch({ telegram_bot_id: 1 });
    renderScreen(<LoginPage />, { path: `/login?hash=${'c'.repeat(64)}&auth_date=1` });
    expect(await screen.findByText(MSG.invalidTelegramData)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(fetch.mock.calls.some(([u]) => String(u).includes('telegram-webapp-auth'))).toBe(false);
  });
});
