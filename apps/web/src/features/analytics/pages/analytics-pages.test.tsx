import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { routes, type PerkAnalytics, type QuestAnalytics } from '@wyn/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { perkDetail } from '@/testing/fixtures';
import { api, apiError } from '@/testing/msw/api';
import { server } from '@/testing/msw/server';
import { renderScreen } from '@/testing/render';
import PerkAnalyticsPage from './perk-analytics-page';
import QuestAnalyticsPage from './quest-analytics-page';

const QUEST_ID = '33333333-3333-4333-8333-333333333333';
const PERK_ID = '77777777-7777-4777-8777-777777777777';

const days = (n: number, views: (i: number) => number) =>
  Array.from({ length: n }, (_, i) => ({
    date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
    views: views(i),
    joins: i === n - 1 ? 2 : 0,
    submissions: 0,
    approvals: 0,
    rejections: 0,
    w_paid: i === n - 1 ? '10.00' : '0.00',
  }));

const questAnalytics = (n: 30 | 90, views = (i: number) => (i % 3 === 0 ? 1 : 0)): QuestAnalytics => ({
  days: n,
  totals: {
    views: 40,
    joins: 2,
    submissions: 2,
    approvals: 1,
    rejections: 1,
    average_review_seconds: 5400,
    w_paid: '10.00',
  },
  series: days(n, views),
});

let asked: string[];
beforeEach(() => {
  asked = [];
  server.use(
    api.on(routes.questAnalytics, ({ request }) => {
      const d = new URL(request.url).searchParams.get('days');
      asked.push(d ?? '');
      return HttpResponse.json(questAnalytics(d === '90' ? 90 : 30));
    }),
    api.on(routes.quest, () => apiError(404, { detail: 'Not found', code: 'not_found' })),
  );
});

const path = `/quest/${QUEST_ID}/analytics`;
const pattern = '/quest/:id/analytics';

describe('quest analytics', () => {
  it('shows the totals as tiles and the daily charts, and switches to 90 days', async () => {
    renderScreen(<QuestAnalyticsPage />, { path, pattern });
    const totals = await screen.findByRole('region', { name: 'All time' });
    const tile = (label: string) => within(totals).getByText(label).nextElementSibling?.textContent;
    expect(tile('Views')).toBe('40');
    expect(tile('Approvals')).toBe('1');
    expect(tile('Average review time')).toBe('1 h 30 min');
    expect(tile('W paid')).toBe('10 W');
    expect(screen.getByRole('img', { name: /^Views per day: 10 over 30 days/ })).toBeTruthy();
    expect(screen.getByRole('img', { name: /^W paid per day: 10 W over 30 days/ })).toBeTruthy();
    expect(asked).toEqual(['30']);

    fireEvent.click(screen.getByRole('radio', { name: '90 days' }));
    expect(await screen.findByRole('img', { name: /^Views per day: 30 over 90 days/ })).toBeTruthy();
    expect(asked).toEqual(['30', '90']);
    expect(screen.getByTestId('location').textContent).toBe(`${path}?days=90`);
    expect(screen.getByRole('radio', { name: '90 days' }).getAttribute('aria-checked')).toBe('true');
  });

  it('says when nothing happened in the window instead of drawing empty charts', async () => {
    server.use(
      api.on(routes.questAnalytics, () =>
        HttpResponse.json({
          ...questAnalytics(30, () => 0),
          series: days(30, () => 0).map((d) => ({ ...d, joins: 0, w_paid: '0.00' })),
        }),
      ),
    );
    renderScreen(<QuestAnalyticsPage />, { path, pattern });
    expect(await screen.findByTestId('analytics-quiet')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /per day/ })).toBeNull();
  });

  it('shows a member who is not the creator why they cannot see it (403)', async () => {
    server.use(api.on(routes.questAnalytics, () => apiError(403, { detail: 'Forbidden', code: 'forbidden' })));
    renderScreen(<QuestAnalyticsPage />, { path, pattern });
    const state = await screen.findByTestId('analytics-forbidden');
    expect(within(state).getByRole('heading', { name: 'Only the creator can see this' })).toBeTruthy();
    expect(within(state).getByRole('link', { name: 'Back to quest' }).getAttribute('href')).toBe(`/quest/${QUEST_ID}`);
  });

  it('offers a retry when loading fails', async () => {
    let failing = true;
    server.use(
      api.on(routes.questAnalytics, () =>
        failing
          ? apiError(500, { detail: 'Server error', code: 'server_error' })
          : HttpResponse.json(questAnalytics(30)),
      ),
    );
    renderScreen(<QuestAnalyticsPage />, { path, pattern });
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 });
    failing = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('region', { name: 'All time' })).toBeTruthy();
  });
});

describe('perk analytics', () => {
  it('names the perk and shows views, redemptions, W earned and stock', async () => {
    const body: PerkAnalytics = {
      days: 30,
      totals: { views: 7, redemptions: 3, w_earned: '36.00', stock_left: null },
      series: days(30, () => 0).map((d, i) => ({
        date: d.date,
        views: i === 29 ? 7 : 0,
        redemptions: i === 29 ? 3 : 0,
        w_earned: i === 29 ? '36.00' : '0.00',
      })),
    };
    server.use(
      api.on(routes.perkAnalytics, () => HttpResponse.json(body)),
      api.on(routes.perkDetails, () => HttpResponse.json(perkDetail(PERK_ID, { title: 'Coffee voucher' }))),
    );
    renderScreen(<PerkAnalyticsPage />, { path: `/perk/${PERK_ID}/analytics`, pattern: '/perk/:id/analytics' });
    await waitFor(() => expect(screen.getByTestId('analytics-subject').textContent).toBe('Coffee voucher'));
    const totals = await screen.findByRole('region', { name: 'All time' });
    const tile = (label: string) => within(totals).getByText(label).nextElementSibling?.textContent;
    expect(tile('Redemptions')).toBe('3');
    expect(tile('W earned')).toBe('36 W');
    expect(tile('Stock left')).toBe('Unlimited');
    expect(screen.getByRole('img', { name: /^Redemptions per day: 3 over 30 days/ })).toBeTruthy();
  });
});
