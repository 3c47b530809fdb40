import { ACCOUNT_MSG, MSG } from '@wyn/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/toast';
import { jsonResponse } from '@/testing/fixtures';
import { appConfigHandler } from '@/testing/msw/account-handlers';
import { server } from '@/testing/msw/server';
import { renderScreen } from '@/testing/render';
import { ForgotPasswordPage } from './forgot-password-page';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';

/** The public configuration, and every POST answered by `onPost`. */
function stubApi(onPost: (url: string, body: unknown) => Response) {
  server.use(
    appConfigHandler(),
    http.post('*/api/v1/*', async ({ request }) => onPost(request.url, await request.json())),
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ForgotPasswordPage', () => {
  it('sends a code, then changes the password with it and goes back to sign-in with a toast', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const posts: Array<[string, unknown]> = [];
    stubApi((url, body) => {
      posts.push([url, body]);
      if (url.includes('bot/password-reset/confirm/')) return jsonResponse({ detail: ACCOUNT_MSG.resetDone });
      return jsonResponse({ detail: ACCOUNT_MSG.resetCodeSent });
    });
    renderScreen(<ForgotPasswordPage />, { path: '/forgot-password?identifier=ana%40example.com' });

    expect((screen.getByLabelText('Username, email or phone') as HTMLInputElement).value).toBe('ana@example.com');
    fireEvent.click(screen.getByRole('button', { name: ACCOUNT_MSG.resetSendCode }));
    expect(await screen.findByText(ACCOUNT_MSG.resetCodeSent)).toBeTruthy();
    expect(posts[0]).toEqual([expect.stringContaining('bot/password-reset/'), { identifier: 'ana@example.com' }]);

    fireEvent.change(screen.getByLabelText('Verification Code'), { target: { value: '12a3456' } });
    fireEvent.change(screen.getByLabelText(ACCOUNT_MSG.newPasswordLabel), { target: { value: 'brand new pass' } });
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'different pass' } });
    fireEvent.click(screen.getByRole('button', { name: ACCOUNT_MSG.resetSubmit }));
    expect(await screen.findByText(MSG.passwordsDoNotMatch)).toBeTruthy();
    expect(posts).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'brand new pass' } });
    fireEvent.click(screen.getByRole('button', { name: ACCOUNT_MSG.resetSubmit }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(posts[1]).toEqual([
      expect.stringContaining('bot/password-reset/confirm/'),
      { identifier: 'ana@example.com', otp: '123456', new_password: 'brand new pass' },
    ]);
    expect(success).toHaveBeenCalledWith(ACCOUNT_MSG.resetDone);
  });

  it('shows a wrong code from the server and stays on the code step', async () => {
    stubApi((url) =>
      url.includes('confirm/')
        ? jsonResponse({ detail: MSG.otpInvalid, code: 'otp_invalid' }, 400)
        : jsonResponse({ detail: ACCOUNT_MSG.resetCodeSent }),
    );
    renderScreen(<ForgotPasswordPage />, { path: '/forgot-password' });
    fireEvent.click(screen.getByRole('button', { name: ACCOUNT_MSG.resetSendCode }));
    expect(await screen.findByText(MSG.verifyFillAll)).toBeTruthy(); // no identifier yet
    fireEvent.change(screen.getByLabelText('Username, email or phone'), { target: { value: 'ana' } });
    fireEvent.click(screen.getByRole('button', { name: ACCOUNT_MSG.resetSendCode }));
    fireEvent.change(await screen.findByLabelText('Verification Code'), { target: { value: '000000' } });
    fireEvent.change(screen.getByLabelText(ACCOUNT_MSG.newPasswordLabel), { target: { value: 'brand new pass' } });
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'brand new pass' } });
    fireEvent.click(screen.getByRole('button', { name: ACCOUNT_MSG.resetSubmit }));
    expect(await screen.findByText(MSG.otpInvalid)).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/forgot-password');
  });
});

describe('LoginPage forgot-password link', () => {
  it('links to the reset screen, carrying the identifier typed so far', async () => {
    stubApi(() => jsonResponse({}));
    renderScreen(<LoginPage />, { path: '/login' });
    const link = screen.getByRole('link', { name: ACCOUNT_MSG.forgotPasswordLink });
    expect(link.getAttribute('href')).toBe('/forgot-password');
    fireEvent.change(screen.getByLabelText('Username, email or phone'), { target: { value: 'ana@example.com' } });
    await waitFor(() => expect(link.getAttribute('href')).toBe('/forgot-password?identifier=ana%40example.com'));
  });
});

describe('RegisterPage and a pending sign-up', () => {
  it('shows the pending message with a link to the reset screen', async () => {
    stubApi(() => jsonResponse({ detail: ACCOUNT_MSG.registrationPending, code: 'registration_pending' }, 409));
    renderScreen(<RegisterPage />, { path: '/register' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long enough password' } });
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'long enough password' } });
    fireEvent.click(screen.getByRole('button', { name: /create account/i }));
    expect(await screen.findByText(ACCOUNT_MSG.registrationPending)).toBeTruthy();
    expect(screen.getByRole('link', { name: ACCOUNT_MSG.forgotPasswordLink }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });
});
