import { MSG, routes, type AuthResponse } from '@wyn/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authSession } from '@/lib/session';
import { resetTelegramForTests } from '@/lib/telegram/webapp';
import { user } from '@/testing/fixtures';
import { appConfigHandler } from '@/testing/msw/account-handlers';
import { api, apiError } from '@/testing/msw/api';
import { server } from '@/testing/msw/server';
import { renderScreen } from '@/testing/render';
import { installFakeTelegram, type FakeTelegram } from '@/testing/telegram';
import { LoginPage } from './login-page';
import { SplashPage } from './splash-page';

const auth: AuthResponse = { access: 'a', refresh: 'r', access_expires_at: '2099-01-01T00:00:00Z', user };
let tg: FakeTelegram;

beforeEach(() => {
  resetTelegramForTests();
  tg = installFakeTelegram();
});
afterEach(() => {
  tg.uninstall();
  authSession.clear();
});

describe('a failed sign-in inside a Telegram Mini App (issue #14 item 7)', () => {
  it('the splash says so once, at once, with Try Again; a retry that works goes home', async () => {
    let calls = 0;
    server.use(
      appConfigHandler(),
      api.on(routes.telegramAuth, () => {
        calls++;
        return calls === 1
          ? apiError(401, { detail: 'Telegram data is too old.', code: 'invalid_telegram_data' })
          : HttpResponse.json(auth);
      }),
    );
    renderScreen(<SplashPage />, { path: '/splash' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Authentication failed');
    expect(alert.textContent).toContain('Telegram data is too old.');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Login with Telegram/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/home'));
    expect(calls).toBe(2);
  });

  it('the sign-in screen shows only the Mini App button, and its failure once, without a toast', async () => {
    server.use(
      appConfigHandler({ telegram_bot_id: 1 }),
      api.on(routes.telegramAuth, () => apiError(503, { detail: MSG.telegramNotConfigured, code: 'unavailable' })),
    );
    renderScreen(<LoginPage />, { path: '/login' });
    const miniApp = await screen.findByRole('button', { name: 'Login with Telegram Mini App' });
    expect(screen.queryByRole('button', { name: 'Login with Telegram' })).toBeNull();
    fireEvent.click(miniApp);
    expect(await screen.findByText(MSG.telegramAuthFailed)).toBeTruthy();
    expect(screen.getAllByText(MSG.telegramAuthFailed)).toHaveLength(1);
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
  });
});

describe('the signed-out splash in a plain browser (issue #14 item 21)', () => {
  it('goes to the sign-in screen after a brief look, not after 5 s', async () => {
    tg.uninstall();
    resetTelegramForTests();
    server.use(appConfigHandler());
    const started = Date.now();
    renderScreen(<SplashPage />, { path: '/splash' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'), { timeout: 3000 });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
