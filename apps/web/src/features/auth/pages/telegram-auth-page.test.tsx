import { MSG, routes, type AuthResponse } from '@wyn/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { delay, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authSession, redirectAfterAuth } from '@/lib/session';
import { user } from '@/testing/fixtures';
import { appConfigHandler } from '@/testing/msw/account-handlers';
import { api, apiError } from '@/testing/msw/api';
import { server } from '@/testing/msw/server';
import { renderScreen } from '@/testing/render';
import { TelegramAuthPage } from './telegram-auth-page';

const auth: AuthResponse = { access: 'a', refresh: 'r', access_expires_at: '2099-01-01T00:00:00Z', user };

afterEach(() => {
  authSession.clear();
  vi.useRealTimers();
});

describe('TelegramAuthPage', () => {
  it('fails without launch data, with Try Again and Back to Login', async () => {
    server.use(appConfigHandler());
    renderScreen(<TelegramAuthPage />, { path: '/telegram-auth' });
    expect(await screen.findByText(MSG.noTelegramData)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Authentication failed' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('signs in with ?initData and continues to the stored redirect path', async () => {
    redirectAfterAuth.set('/wallet');
    const sent: unknown[] = [];
    server.use(
      appConfigHandler(),
      api.on(routes.telegramAuth, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(auth);
      }),
    );
    renderScreen(<TelegramAuthPage />, { path: '/telegram-auth?initData=query_id%3D1%26hash%3Dx' });
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to Home' }));
    expect(screen.getByTestId('location').textContent).toBe('/wallet');
    expect(sent).toEqual([{ initData: 'query_id=1&hash=x' }]);
    expect(authSession.isAuthenticated()).toBe(true);
  });

  it('shows the server reason on failure, and retries', async () => {
    let n = 0;
    server.use(
      appConfigHandler(),
      api.on(routes.telegramAuth, () =>
        ++n === 1 ? apiError(401, { detail: MSG.telegramExpired, code: 'telegram_invalid' }) : HttpResponse.json(auth),
      ),
    );
    renderScreen(<TelegramAuthPage />, { path: '/telegram-auth?initData=abc' });
    expect(await screen.findByText(MSG.telegramExpired)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: 'Continue to Home' })).toBeTruthy();
  });

  it('warns when connecting takes more than 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(
      appConfigHandler(),
      api.on(routes.telegramAuth, async () => {
        await delay('infinite');
        return HttpResponse.json(auth);
      }),
    );
    renderScreen(<TelegramAuthPage />, { path: '/telegram-auth?initData=abc' });
    expect(screen.getByText('Connecting to Telegram…')).toBeTruthy();
    expect(screen.queryByTestId('slow-warning')).toBeNull();
    await act(async () => void (await vi.advanceTimersByTimeAsync(10_000)));
    await waitFor(() => expect(screen.getByTestId('slow-warning')).toBeTruthy());
  });
});
