import { MSG } from '@wyn/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authSession, redirectAfterAuth } from '@/lib/session';
import { jsonResponse, user } from '@/testing/fixtures';
import { renderScreen } from '@/testing/render';
import { TelegramAuthPage } from './telegram-auth-page';

const auth = { access: 'a', refresh: 'r', access_expires_at: '2099-01-01T00:00:00Z', user };

afterEach(() => {
  authSession.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('TelegramAuthPage', () => {
  it('fails without launch data, with Try Again and Back to Login', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ product_name: 'Wyn' })),
    );
    renderScreen(<TelegramAuthPage />, { path: '/telegram-auth' });
    expect(await screen.findByText(MSG.noTelegramData)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Authentication failed' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('signs in with ?initData and continues to the stored redirect path', async () => {
    redirectAfterAuth.set('/wallet');
    const fetch = vi.fn(async (input: RequestInfo | URL) =>
      String(input).includes('telegram-webapp-auth') ? jsonResponse(auth) : jsonResponse({ product_name: 'Wyn' }),
    );
    vi.stubGlobal('fetch', fetch);
    renderScreen(<TelegramAuthPage />, { path: '/telegram-auth?initData=query_id%3D1%26hash%3Dx' });
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to Home' }));
    expect(screen.getByTestId('location').textContent).toBe('/wallet');
    const call = fetch.mock.calls.find(([u]) => String(u).includes('telegram-webapp-auth'))!;
    expect(JSON.parse(String((call as unknown as [string, RequestInit])[1].body))).toEqual({
      initData: 'query_id=1&hash=x',
    });
    expect(authSession.isAuthenticated()).toBe(true);
  });

  it('shows the server reason on failure, and retries', async () => {
    let n = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (!String(input).includes('telegram-webapp-auth')) return jsonResponse({ product_name: 'Wyn' });
        n++;
        return n === 1
          ? jsonResponse({ detail: MSG.telegramExpired, code: 'telegram_invalid' }, 401)
          : jsonResponse(auth);
      }),
    );
    renderScreen(<TelegramAuthPage />, { path: '/telegram-auth?initData=abc' });
    expect(await screen.findByText(MSG.telegramExpired)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: 'Continue to Home' })).toBeTruthy();
  });

  it('warns when connecting takes more than 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) =>
        String(input).includes('telegram-webapp-auth')
          ? new Promise<Response>(() => {})
          : Promise.resolve(jsonResponse({ product_name: 'Wyn' })),
      ),
    );
    renderScreen(<TelegramAuthPage />, { path: '/telegram-auth?initData=abc' });
    expect(screen.getByText('Connecting to Telegram…')).toBeTruthy();
    expect(screen.queryByTestId('slow-warning')).toBeNull();
    await act(async () => void (await vi.advanceTimersByTimeAsync(10_000)));
    await waitFor(() => expect(screen.getByTestId('slow-warning')).toBeTruthy());
  });
});
