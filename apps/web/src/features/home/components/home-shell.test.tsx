import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { authSession } from '@/lib/session';
import { user } from '@/testing/fixtures';
import { appConfig } from '@/testing/msw/account-handlers';
import { apiError, routes } from '@/testing/msw/api';
import { renderScreen } from '@/testing/render';
import { HomeShell } from './home-shell';

beforeEach(() => {
  localStorage.setItem('wyn.token', 'token');
  localStorage.setItem('wyn.user', JSON.stringify(user));
  authSession.reload();
  routes({
    'bot/config/': appConfig,
    '/api/v1/': () => apiError(404, { detail: 'Not found.', code: 'not_found' }),
  });
});

describe('HomeShell', () => {
  it("draws Home's header and greeting at once, the balance still a placeholder (Home's fallback while its chunk loads)", () => {
    renderScreen(<HomeShell />, { path: '/' });
    const shell = screen.getByTestId('home-shell');
    expect(shell.querySelector('h1')!.textContent).toContain('Welcome back');
    expect(shell.textContent).toContain('Complete quests, earn W and unlock perks from your community.');
    expect(screen.getByTestId('home-header')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading your balance' })).toBeTruthy();
    expect(screen.queryByTestId('balance-amount')).toBeNull();
  });
});
