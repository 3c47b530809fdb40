import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Theme } from '@wyn/contract';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authSession } from '@/lib/session';
import { user, USER_ID } from '@/testing/fixtures';
import { routes } from '@/testing/msw/api';
import { renderScreen } from '@/testing/render';
import { SettingsPanel } from './settings-panel';

let saved: unknown[];

beforeEach(() => {
  saved = [];
  authSession.signIn({ access: 'a', refresh: 'r', access_expires_at: '2099-01-01T00:00:00Z', user });
  let theme: Theme = 'system';
  const settings = () => ({
    theme,
    notifications_enabled: true,
    private_profile: false,
    timezone: 'UTC',
    streak_reminders: false,
    reminder_hour: 19,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
  });
  routes({
    'club/user/settings/': async (request) => {
      const body = (await request.json()) as { theme?: Theme };
      saved.push(body);
      theme = body.theme ?? theme;
      return HttpResponse.json(settings());
    },
    'club/user-settings/': () => HttpResponse.json(settings()),
  });
});
afterEach(() => {
  authSession.clear();
});

const radio = (name: string) => screen.getByRole('radio', { name });
const checked = () =>
  screen
    .getAllByRole('radio')
    .filter((r) => r.getAttribute('aria-checked') === 'true')
    .map((r) => r.textContent);

describe('SettingsPanel theme choice', () => {
  it('is a labelled radio group whose one tab stop is the chosen theme', async () => {
    renderScreen(<SettingsPanel profileId={USER_ID} />, { path: '/profile' });
    const group = await screen.findByRole('radiogroup', { name: 'Theme' });
    expect(checked()).toEqual(['System']);
    // Tab reaches the group once (no theme on its own) and lands on the chosen theme.
    expect(screen.getAllByRole('radio').map((r) => r.tabIndex)).toEqual([-1, -1, -1]);
    group.focus();
    expect(document.activeElement).toBe(radio('System'));
    await waitFor(() => expect(screen.getAllByRole('radio').map((r) => r.tabIndex)).toEqual([0, -1, -1]));
  });

  it('moves and chooses with the arrow keys, wrapping at the ends, and saves each choice', async () => {
    renderScreen(<SettingsPanel profileId={USER_ID} />, { path: '/profile' });
    await screen.findByRole('radiogroup', { name: 'Theme' });

    radio('System').focus();
    fireEvent.keyDown(radio('System'), { key: 'ArrowRight' });
    await waitFor(() => expect(checked()).toEqual(['Light']));
    expect(document.activeElement).toBe(radio('Light'));
    expect(radio('Light').tabIndex).toBe(0);
    expect(radio('System').tabIndex).toBe(-1);

    fireEvent.keyDown(radio('Light'), { key: 'ArrowDown' });
    await waitFor(() => expect(checked()).toEqual(['Dark']));
    expect(document.activeElement).toBe(radio('Dark'));

    // Past the last one it comes round to the first.
    fireEvent.keyDown(radio('Dark'), { key: 'ArrowRight' });
    await waitFor(() => expect(checked()).toEqual(['System']));
    fireEvent.keyDown(radio('System'), { key: 'ArrowLeft' });
    await waitFor(() => expect(checked()).toEqual(['Dark']));

    await waitFor(() =>
      expect(saved).toEqual([{ theme: 'light' }, { theme: 'dark' }, { theme: 'system' }, { theme: 'dark' }]),
    );
  });
});
