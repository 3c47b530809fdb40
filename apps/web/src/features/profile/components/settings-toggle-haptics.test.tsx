import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authSession } from '@/lib/session';
import { resetTelegramForTests } from '@/lib/telegram/webapp';
import { user, USER_ID } from '@/testing/fixtures';
import { routes } from '@/testing/msw/api';
import { renderScreen } from '@/testing/render';
import { installFakeTelegram, type FakeTelegram } from '@/testing/telegram';
import { SettingsPanel } from './settings-panel';

// Issue #14 item 3: a toggle taps a light impact inside Telegram (the browser suite checks Like's the same way).
let tg: FakeTelegram | null = null;
let saved: unknown[] = [];

beforeEach(() => {
  resetTelegramForTests();
  saved = [];
  authSession.signIn({ access: 'a', refresh: 'r', access_expires_at: '2099-01-01T00:00:00Z', user });
  const settings = {
    theme: 'system',
    notifications_enabled: true,
    private_profile: false,
    timezone: 'UTC',
    streak_reminders: false,
    reminder_hour: 19,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
  };
  routes({
    'club/user/settings/': async (request) => {
      const body = (await request.json()) as Record<string, unknown>;
      saved.push(body);
      Object.assign(settings, body);
      return HttpResponse.json(settings);
    },
    'club/user-settings/': () => HttpResponse.json(settings),
  });
});
afterEach(() => {
  tg?.uninstall();
  tg = null;
  authSession.clear();
});

describe('settings toggles inside Telegram', () => {
  it('a switch taps a light impact and saves the new value', async () => {
    tg = installFakeTelegram({ version: '8.0' });
    renderScreen(<SettingsPanel profileId={USER_ID} />, { path: '/profile' });
    const toggle = await screen.findByRole('switch', { name: 'Private profile' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    expect(tg.callsOf('HapticFeedback.impactOccurred')).toEqual([['light']]);
    await waitFor(() => expect(saved).toEqual([{ private_profile: true }]));
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
  });
});
