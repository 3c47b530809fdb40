import type { PerkAnalytics, QuestAnalytics } from '@wyn/contract';
import { describe, expect, it } from 'vitest';
import { formatDuration, hasActivity, parseDays, perkTiles, questCharts, questTiles, sumSeries } from './analytics';

const day = (date: string, patch: Partial<QuestAnalytics['series'][number]> = {}) => ({
  date,
  views: 0,
  joins: 0,
  submissions: 0,
  approvals: 0,
  rejections: 0,
  w_paid: '0.00',
  ...patch,
});

describe('analytics numbers', () => {
  it('reads ?days= as 30 or 90', () => {
    expect(parseDays(null)).toBe(30);
    expect(parseDays('90')).toBe(90);
    expect(parseDays('7')).toBe(30);
  });

  it('says review time as people do', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(42)).toBe('42 s');
    expect(formatDuration(45 * 60)).toBe('45 min');
    expect(formatDuration(3 * 3600 + 20 * 60)).toBe('3 h 20 min');
    expect(formatDuration(2 * 3600)).toBe('2 h');
    expect(formatDuration(2 * 86400 + 4 * 3600)).toBe('2 d 4 h');
  });

  it('turns quest totals into tiles', () => {
    const tiles = questTiles({
      views: 1234,
      joins: 5,
      submissions: 4,
      approvals: 3,
      rejections: 1,
      average_review_seconds: 3600,
      w_paid: '15.00',
    });
    expect(tiles.map((t) => `${t.label}: ${t.value}`)).toEqual([
      'Views: 1,234',
      'Joins: 5',
      'Submissions: 4',
      'Approvals: 3',
      'Rejections: 1',
      'Average review time: 1 h',
      'W paid: 15 W',
    ]);
  });

  it('shows a perk without a limit as unlimited stock', () => {
    const totals: PerkAnalytics['totals'] = { views: 2, redemptions: 1, w_earned: '9.00', stock_left: null };
    expect(perkTiles(totals).at(-1)).toEqual({ label: 'Stock left', value: 'Unlimited' });
    expect(perkTiles({ ...totals, stock_left: 0 }).at(-1)?.value).toBe('0');
  });

  it('draws one chart per series, W amounts as numbers, and knows a quiet window', () => {
    const a: QuestAnalytics = {
      days: 30,
      totals: {
        views: 0,
        joins: 0,
        submissions: 0,
        approvals: 0,
        rejections: 0,
        average_review_seconds: null,
        w_paid: '0.00',
      },
      series: [day('2026-05-01'), day('2026-05-02', { views: 3, w_paid: '2.50' })],
    };
    const charts = questCharts(a);
    expect(charts.map((c) => c.title)).toEqual([
      'Views per day',
      'Joins per day',
      'Submissions per day',
      'Approvals per day',
      'Rejections per day',
      'W paid per day',
    ]);
    expect(charts.at(-1)).toMatchObject({ unit: 'w', points: [{ value: 0 }, { value: 2.5 }] });
    expect(hasActivity(charts)).toBe(true);
    expect(hasActivity(questCharts({ ...a, series: [day('2026-05-01')] }))).toBe(false);
    expect(sumSeries(a.series, 'w_paid')).toBe(2.5);
    expect(sumSeries(a.series, 'views')).toBe(3);
  });
});
