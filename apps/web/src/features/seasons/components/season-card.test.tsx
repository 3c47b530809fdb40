import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { routes } from '@wyn/contract';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { api } from '@/testing/msw/api';
import { server } from '@/testing/msw/server';
import { SeasonCard } from './season-card';

const DAY = 86_400_000;
const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'aaaaaaaa-0000-4000-8000-000000000002';

function renderCard() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <SeasonCard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const season = {
  id: 'dddddddd-0000-4000-8000-000000000001',
  name: 'Summer cup',
  starts_at: new Date(Date.now() - DAY).toISOString(),
  ends_at: new Date(Date.now() + 3 * DAY + 60_000).toISOString(),
  prize_pool: '500.00',
  payout_split: [50, 30, 20],
  prizes: ['250.00', '150.00', '100.00'],
  status: 'active' as const,
  funded_at: new Date(Date.now() - DAY).toISOString(),
  paid_at: null,
  created_at: new Date(Date.now() - 2 * DAY).toISOString(),
};

describe('SeasonCard', () => {
  it('shows the prize pool, time left, prizes, the top and my place', async () => {
    server.use(
      api.on(routes.seasonCurrent, () =>
        Response.json({
          season,
          top: [
            { rank: 1, profile: { id: A, name: 'Ava', avatar: null }, xp: 120, level: 2 },
            { rank: 1, profile: { id: B, name: 'Ben', avatar: null }, xp: 120, level: 2 },
          ],
          me: { rank: 7, xp: 30, level: 1 },
        }),
      ),
    );
    renderCard();
    const card = await screen.findByTestId('season-card');
    expect(within(card).getByRole('heading', { name: 'Summer cup' })).toBeTruthy();
    expect(card.textContent).toContain('500 W');
    expect(card.textContent).toContain('3 days left');
    const prizes = within(card).getByRole('list', { name: 'Prizes' });
    expect(
      within(prizes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['#1 250 W', '#2 150 W', '#3 100 W']);
    const top = within(card).getByRole('list', { name: 'Top of the season' });
    expect(
      within(top)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['1AAva120 XP', '1BBen120 XP']);
    expect(card.textContent).toContain('You are #7 with 30 XP this season.');
  });

  it('shows nothing without a season', async () => {
    let asked = false;
    server.use(
      api.on(routes.seasonCurrent, () => {
        asked = true;
        return Response.json({ season: null, top: [], me: null });
      }),
    );
    const { container } = renderCard();
    await new Promise((r) => setTimeout(r, 50));
    expect(asked).toBe(true);
    expect(container.innerHTML).toBe('');
  });
});
