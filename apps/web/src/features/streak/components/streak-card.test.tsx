import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { routes, type StreakStatus } from '@wyn/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authSession } from '@/lib/session';
import { user } from '@/testing/fixtures';
import { api } from '@/testing/msw/api';
import { server } from '@/testing/msw/server';
import { renderScreen } from '@/testing/render';
import { installFakeTelegram, type FakeTelegram } from '@/testing/telegram';
import { StreakCard } from './streak-card';

const base: StreakStatus = {
  current: 3,
  longest: 5,
  checked_in_today: false,
  today: '2026-06-04',
  next_reward: '1.00',
  repairs_left: 1,
  timezone: 'UTC',
  repair: { available: false, cost: '5.00', missed_day: null, expires_at: null },
};

let tg: FakeTelegram | null = null;
beforeEach(() => authSession.signIn({ access: 'a', refresh: 'r', access_expires_at: '2099-01-01T00:00:00Z', user }));
afterEach(() => {
  tg?.uninstall();
  tg = null;
});

describe('the streak card', () => {
  it('shows the streak, checks in with the device timezone, celebrates and buzzes success', async () => {
    tg = installFakeTelegram({ version: '8.0' });
    let sent: unknown = null;
    server.use(
      api.on(routes.streak, () => HttpResponse.json(base)),
      api.on(routes.streakCheckIn, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          ...base,
          current: 4,
          checked_in_today: true,
          next_reward: '1.00',
          reward: '1.00',
          xp: 5,
        });
      }),
    );
    renderScreen(<StreakCard />, { path: '/home' });
    expect((await screen.findByTestId('streak-current')).textContent).toContain('3 days');
    expect(screen.getByTestId('streak-longest').textContent).toContain('Longest: 5 days');
    expect(screen.getByTestId('streak-next-reward').textContent).toContain('Today: 1 W + 5 XP');
    fireEvent.click(screen.getByRole('button', { name: 'Check in' }));
    const party = await screen.findByTestId('streak-celebration');
    expect(party.textContent).toContain('Day 4! Keep it going.');
    expect(party.textContent).toContain('+1 W · +5 XP');
    expect(screen.getByTestId('streak-current').textContent).toContain('4 days');
    expect(screen.getByTestId('streak-done').textContent).toContain('Checked in');
    expect(screen.getByTestId('streak-next-reward').textContent).toContain('Tomorrow: 1 W + 5 XP');
    expect(sent).toEqual({ timezone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    expect(tg.callsOf('HapticFeedback.notificationOccurred')).toContainEqual(['success']);
  });

  it('offers a repair with its cost, and spends W only after the confirmation', async () => {
    let repairs = 0;
    let status: StreakStatus = {
      ...base,
      current: 0,
      repair: { available: true, cost: '5.00', missed_day: '2026-06-03', expires_at: '2026-06-06T00:00:00.000Z' },
    };
    server.use(
      api.on(routes.streak, () => HttpResponse.json(status)),
      api.on(routes.streakRepair, () => {
        repairs += 1;
        status = { ...base, current: 4, repairs_left: 0 };
        return HttpResponse.json({ ...status, charged: '5.00' });
      }),
    );
    renderScreen(<StreakCard />, { path: '/home' });
    const offer = await screen.findByTestId('streak-repair-offer');
    expect(offer.textContent).toContain('You missed Jun 3. Repair your streak for 5 W');
    fireEvent.click(within(offer).getByRole('button', { name: 'Repair streak' }));
    const dialog = await screen.findByRole('dialog', { name: 'Repair your streak?' });
    expect(dialog.textContent).toContain('It costs 5 W and can be used once every 7 days.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(repairs).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Repair streak' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pay 5 W' }));
    await waitFor(() => expect(screen.getByTestId('streak-current').textContent).toContain('4 days'));
    expect(repairs).toBe(1);
    expect(screen.queryByTestId('streak-repair-offer')).toBeNull();
  });

  it('sends one request for a double tap on Check in and on Pay (isPending reaches the buttons a render later)', async () => {
    let checkIns = 0;
    let repairs = 0;
    let status: StreakStatus = {
      ...base,
      current: 0,
      repair: { available: true, cost: '5.00', missed_day: '2026-06-03', expires_at: '2026-06-06T00:00:00.000Z' },
    };
    server.use(
      api.on(routes.streak, () => HttpResponse.json(status)),
      api.on(routes.streakRepair, async () => {
        repairs += 1;
        await new Promise((r) => setTimeout(r, 50));
        status = { ...base, current: 4, repairs_left: 0 };
        return HttpResponse.json({ ...status, charged: '5.00' });
      }),
      api.on(routes.streakCheckIn, async () => {
        checkIns += 1;
        await new Promise((r) => setTimeout(r, 50));
        return HttpResponse.json({ ...status, current: 5, checked_in_today: true, reward: '1.00', xp: 5 });
      }),
    );
    renderScreen(<StreakCard />, { path: '/home' });
    fireEvent.click(
      within(await screen.findByTestId('streak-repair-offer')).getByRole('button', { name: 'Repair streak' }),
    );
    const pay = within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pay 5 W' });
    fireEvent.click(pay);
    fireEvent.click(pay);
    await waitFor(() => expect(screen.getByTestId('streak-current').textContent).toContain('4 days'));
    expect(repairs).toBe(1);

    const checkIn = screen.getByRole('button', { name: 'Check in' });
    fireEvent.click(checkIn);
    fireEvent.click(checkIn);
    await screen.findByTestId('streak-celebration');
    expect(checkIns).toBe(1);
  });

  it('tells the member when the check-in is refused, and shows the server state after', async () => {
    let calls = 0;
    server.use(
      api.on(routes.streak, () => {
        calls += 1;
        return HttpResponse.json(calls === 1 ? base : { ...base, checked_in_today: true });
      }),
      api.on(routes.streakCheckIn, () =>
        HttpResponse.json(
          { detail: 'You already checked in today. Come back tomorrow.', code: 'already_checked_in' },
          { status: 409 },
        ),
      ),
    );
    renderScreen(<StreakCard />, { path: '/home' });
    fireEvent.click(await screen.findByRole('button', { name: 'Check in' }));
    expect(await screen.findByTestId('streak-done')).toBeTruthy();
    expect(screen.queryByTestId('streak-celebration')).toBeNull();
  });

  it('has a retry when the streak cannot be loaded', async () => {
    let fail = true;
    server.use(
      api.on(routes.streak, () =>
        fail ? HttpResponse.json({ detail: 'down', code: 'unavailable' }, { status: 503 }) : HttpResponse.json(base),
      ),
    );
    renderScreen(<StreakCard />, { path: '/home' });
    const error = await screen.findByTestId('streak-error', {}, { timeout: 5000 });
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('streak-current')).textContent).toContain('3 days');
  });
});
