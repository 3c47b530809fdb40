import { ACCOUNT_MSG, MSG, routes } from '@wyn/contract';
import { http, HttpResponse } from 'msw';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { jsonResponse, user } from '@/testing/fixtures';
import { api } from '@/testing/msw/api';
import { server } from '@/testing/msw/server';
import { renderScreen } from '@/testing/render';
import { EmailChangeRow } from './email-change-row';
import { SettingsPanel } from './settings-panel';

type Post = [string, unknown];

/** Every POST recorded and answered by `onPost`; the settings the panel reads. */
function stubApi(onPost: (url: string, body: unknown) => Response) {
  const posts: Post[] = [];
  server.use(
    http.post('*/api/v1/*', async ({ request }) => {
      const body: unknown = await request.json();
      posts.push([request.url, body]);
      return onPost(request.url, body);
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
  );
  return posts;
}

const codeSent = (to: string) =>
  jsonResponse({ detail: ACCOUNT_MSG.changeCodeSent(to), user, pending_email: to, pending_phone: null });

beforeEach(() => {
  authSession.signIn({ access: 'a', refresh: 'r', access_expires_at: '2099-01-01T00:00:00Z', user });
});
afterEach(() => {
  vi.restoreAllMocks();
  authSession.clear();
});

describe('EmailChangeRow', () => {
  it('changes the e-mail in the settings panel: new address, code, confirm, toast', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const posts = stubApi((url) =>
      url.endsWith('bot/update-user/confirm/')
        ? jsonResponse({ detail: ACCOUNT_MSG.emailUpdated, user: { ...user, email: 'ana.new@example.com' } })
        : codeSent('ana.new@example.com'),
    );
    renderScreen(<SettingsPanel profileId={user.id} />, { path: '/profile' });

    expect(screen.getByText('ana@example.com')).toBeTruthy();
    const change = screen.getByRole('button', { name: 'Change e-mail' });
    fireEvent.click(change);
    const input = screen.getByLabelText(ACCOUNT_MSG.emailNewLabel);
    await waitFor(() => expect(document.activeElement).toBe(input));
    fireEvent.change(input, { target: { value: 'Ana.New@Example.com' } });
    fireEvent.submit(input);

    expect(await screen.findByText(ACCOUNT_MSG.changeCodeSent('ana.new@example.com'))).toBeTruthy();
    expect(posts[0]).toEqual([expect.stringContaining('bot/update-user/'), { email: 'ana.new@example.com' }]);
    const code = screen.getByLabelText(ACCOUNT_MSG.emailCodeLabel);
    await waitFor(() => expect(document.activeElement).toBe(code));
    // The current address is untouched until the code is confirmed.
    expect(authSession.get().user?.email).toBe('ana@example.com');

    fireEvent.change(code, { target: { value: '12a3456' } });
    fireEvent.click(screen.getByRole('button', { name: ACCOUNT_MSG.emailConfirm }));

    expect(await screen.findByText('ana.new@example.com')).toBeTruthy();
    expect(posts[1]).toEqual([expect.stringContaining('bot/update-user/confirm/'), { field: 'email', otp: '123456' }]);
    expect(success).toHaveBeenCalledWith(ACCOUNT_MSG.emailUpdated);
    expect(authSession.get().user?.email).toBe('ana.new@example.com');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Change e-mail' })));
  });

  it('shows field and server errors, and stays on the step', async () => {
    const posts = stubApi((url, body) => {
      if (url.endsWith('bot/update-user/confirm/'))
        return jsonResponse({ detail: MSG.otpInvalid, code: 'otp_invalid' }, 400);
      if ((body as { email: string }).email === 'taken@example.com')
        return jsonResponse(
          { detail: MSG.emailTaken, code: 'identifier_taken', errors: { email: [MSG.emailTaken] } },
          400,
        );
      return codeSent('free@example.com');
    });
    renderScreen(<EmailChangeRow />, { path: '/profile' });

    fireEvent.click(screen.getByRole('button', { name: 'Change e-mail' }));
    const input = screen.getByLabelText(ACCOUNT_MSG.emailNewLabel);
    fireEvent.change(input, { target: { value: 'ANA@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: ACCOUNT_MSG.emailSendCode }));
    expect(await screen.findByText(ACCOUNT_MSG.emailSameAsCurrent)).toBeTruthy();
    expect(posts).toHaveLength(0);

    fireEvent.change(input, { target: { value: 'taken@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: ACCOUNT_MSG.emailSendCode }));
    expect(await screen.findByText(MSG.emailTaken)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(input, { target: { value: 'free@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: ACCOUNT_MSG.emailSendCode }));
    const code = await screen.findByLabelText(ACCOUNT_MSG.emailCodeLabel);
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: ACCOUNT_MSG.emailConfirm }));
    expect((await screen.findByRole('alert')).textContent).toContain(MSG.otpInvalid);
    expect(screen.getByLabelText(ACCOUNT_MSG.emailCodeLabel)).toBeTruthy();

    // Cancel goes back to the row with the address unchanged.
    fireEvent.click(screen.getByRole('button', { name: ACCOUNT_MSG.emailCancel }));
    expect(screen.getByText('ana@example.com')).toBeTruthy();
  });
});
