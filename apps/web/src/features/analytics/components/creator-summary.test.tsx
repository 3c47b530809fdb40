import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { routes } from '@wyn/contract';
import { describe, expect, it } from 'vitest';
import { api } from '@/testing/msw/api';
import { server } from '@/testing/msw/server';
import { renderScreen } from '@/testing/render';
import { CreatorSummary } from './creator-summary';

const Q1 = '33333333-3333-4333-8333-333333333331';
const Q2 = '33333333-3333-4333-8333-333333333332';
const P1 = '77777777-7777-4777-8777-777777777771';

describe("the creator's summary on the own profile", () => {
  it("shows the server's sums for the last 30 days in one call and links each item to its analytics", async () => {
    let calls = 0;
    server.use(
      api.on(routes.creatorSummary, ({ request }) => {
        calls += 1;
        expect(new URL(request.url).searchParams.get('days')).toBe('30');
        return HttpResponse.json({
          days: 30,
          quests: { count: 12, views: 4, joins: 2, w_paid: '7.00' },
          perks: { count: 1, views: 1, redemptions: 1, w_earned: '12.00' },
        });
      }),
    );
    renderScreen(
      <CreatorSummary
        quests={[
          { id: Q1, title: 'First quest' },
          { id: Q2, title: 'Second quest' },
        ]}
        perks={[{ id: P1, title: 'Coffee voucher' }]}
      />,
      { path: '/profile' },
    );
    await waitFor(() =>
      expect(screen.getByTestId('creator-summary-quests').textContent).toBe(
        'Your quests: 4 views · 2 joins · 7 W paid',
      ),
    );
    expect(screen.getByTestId('creator-summary-perks').textContent).toBe(
      'Your perks: 1 view · 1 redemption · 12 W earned',
    );
    expect(calls).toBe(1);
    expect(screen.getByRole('link', { name: /First quest/ }).getAttribute('href')).toBe(`/quest/${Q1}/analytics`);
    expect(screen.getByRole('link', { name: /Coffee voucher/ }).getAttribute('href')).toBe(`/perk/${P1}/analytics`);
  });

  it('shows nothing to a member who created nothing', () => {
    const { container } = renderScreen(<CreatorSummary quests={[]} perks={[]} />, {
      path: '/profile',
    });
    expect(container.querySelector('[data-testid="creator-summary"]')).toBeNull();
  });
});
