import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/fixtures';
import { renderScreen } from '@/testing/render';
import CreatePage from './create-page';

beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('club/tags/')) return jsonResponse({ results: [], count: 0, next: null, previous: null });
      if (url.includes('club/telegram/validate-channel/')) return jsonResponse({ valid: true, message: 'ok' });
      return jsonResponse({ detail: 'Not found.' }, 404);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const next = () => fireEvent.click(screen.getByRole('button', { name: /Next Step/ }));

describe('create wizard', () => {
  it('walks the quest steps with their validation and back rules', async () => {
    renderScreen(<CreatePage />, { path: '/create' });
    expect(screen.getByRole('radio', { name: /Create Quest/ }).getAttribute('aria-checked')).toBe('true');
    next();
    expect(screen.getByRole('heading', { name: 'Quest Type' })).toBeTruthy();

    next();
    expect(screen.getByText('Quest type is required')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: /Join channel/ }));
    next();
    expect(screen.getByText('Telegram channel username is required')).toBeTruthy();
    expect(screen.getByText('Enter the username of your Telegram channel (with or without @)')).toBeTruthy();

    const channel = screen.getByLabelText(/Channel username/);
    fireEvent.change(channel, { target: { value: 'my channel' } });
    const testButton = screen.getByRole('button', { name: 'Test Access' }) as HTMLButtonElement;
    expect(testButton.disabled).toBe(true);
    fireEvent.change(channel, { target: { value: '@wyn_club' } });
    expect(testButton.disabled).toBe(false);
    fireEvent.click(testButton);
    expect(await screen.findByRole('button', { name: 'Recheck' })).toBeTruthy();
    expect(screen.getByText('Success! Our bot has proper access to the channel.')).toBeTruthy();
    fireEvent.change(channel, { target: { value: '@wyn_club2' } });
    expect(screen.getByRole('button', { name: 'Test Access' })).toBeTruthy();

    next();
    expect(screen.getByRole('heading', { name: 'Details' })).toBeTruthy();
    next();
    expect(screen.getByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Reward amount is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: 'abcd' } });
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'Join our channel today' } });
    fireEvent.change(screen.getByLabelText(/Reward amount/), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText(/Max participants/), { target: { value: '4' } });
    next();
    expect(screen.getByRole('heading', { name: 'Review & Submit' })).toBeTruthy();
    expect(screen.getByTestId('escrow-note').textContent).toContain('Escrow: 20 W will be reserved from your balance');
    // The channel changed after the check, so access is no longer verified: submit stays disabled.
    expect((screen.getByRole('button', { name: 'Create Quest' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: /Back/ }));
    expect(screen.getByRole('heading', { name: 'Details' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Back/ }));
    expect(screen.getByRole('heading', { name: 'Quest Type' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Back/ }));
    expect(screen.getByRole('radio', { name: /Create Perk/ })).toBeTruthy();
  });

  it('shows the perk half as coming soon', () => {
    renderScreen(<CreatePage />, { path: '/create' });
    fireEvent.click(screen.getByRole('radio', { name: /Create Perk/ }));
    next();
    expect(screen.getByText('Perks arrive soon')).toBeTruthy();
  });
});
