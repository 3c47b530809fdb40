import { formatPoints, type PerkAnalytics, type QuestAnalytics } from '@wyn/contract';
import type { BarPoint } from '@/components/bar-chart';

/** The windows the server offers (`?days=30|90`). */
export const ANALYTICS_DAYS = [30, 90] as const;
export type AnalyticsDays = (typeof ANALYTICS_DAYS)[number];

/** `?days=` of the screen's address: 90 when asked for, else 30. */
export const parseDays = (value: string | null): AnalyticsDays => (value === '90' ? 90 : 30);

/** Average review time as people say it: "45 min", "3 h 20 min", "2 d 4 h"; "—" before any decision. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${Math.max(0, Math.round(seconds))} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

export interface Tile {
  label: string;
  value: string;
}

const count = (n: number) => n.toLocaleString('en-US');

/** A quest's all-time totals as stat tiles. */
export function questTiles(t: QuestAnalytics['totals']): Tile[] {
  return [
    { label: 'Views', value: count(t.views) },
    { label: 'Joins', value: count(t.joins) },
    { label: 'Submissions', value: count(t.submissions) },
    { label: 'Approvals', value: count(t.approvals) },
    { label: 'Rejections', value: count(t.rejections) },
    { label: 'Average review time', value: formatDuration(t.average_review_seconds) },
    { label: 'W paid', value: formatPoints(t.w_paid) },
  ];
}

/** A perk's all-time totals as stat tiles; stock is "Unlimited" for a perk without a limit. */
export function perkTiles(t: PerkAnalytics['totals']): Tile[] {
  return [
    { label: 'Views', value: count(t.views) },
    { label: 'Redemptions', value: count(t.redemptions) },
    { label: 'W earned', value: formatPoints(t.w_earned) },
    { label: 'Stock left', value: t.stock_left === null ? 'Unlimited' : count(t.stock_left) },
  ];
}

export interface Chart {
  title: string;
  points: BarPoint[];
  /** W amounts are formatted as W; counts as plain numbers. */
  unit: 'count' | 'w';
}

type Day = Record<string, string | number> & { date: string };

function seriesOf<D extends Day>(series: D[], key: keyof D & string): BarPoint[] {
  return series.map((d) => ({ date: d.date, value: Number(d[key]) || 0 }));
}

/** The quest's daily charts, in the order the screen shows them. */
export function questCharts(a: QuestAnalytics): Chart[] {
  return [
    { title: 'Views per day', points: seriesOf(a.series, 'views'), unit: 'count' },
    { title: 'Joins per day', points: seriesOf(a.series, 'joins'), unit: 'count' },
    { title: 'Submissions per day', points: seriesOf(a.series, 'submissions'), unit: 'count' },
    { title: 'Approvals per day', points: seriesOf(a.series, 'approvals'), unit: 'count' },
    { title: 'Rejections per day', points: seriesOf(a.series, 'rejections'), unit: 'count' },
    { title: 'W paid per day', points: seriesOf(a.series, 'w_paid'), unit: 'w' },
  ];
}

/** The perk's daily charts. */
export function perkCharts(a: PerkAnalytics): Chart[] {
  return [
    { title: 'Views per day', points: seriesOf(a.series, 'views'), unit: 'count' },
    { title: 'Redemptions per day', points: seriesOf(a.series, 'redemptions'), unit: 'count' },
    { title: 'W earned per day', points: seriesOf(a.series, 'w_earned'), unit: 'w' },
  ];
}

/** Whether anything happened in the window (else the screen says so instead of drawing empty charts). */
export const hasActivity = (charts: Chart[]) => charts.some((c) => c.points.some((p) => p.value > 0));

/** Sums one field of a daily series (W amounts as numbers, to the cent). */
export function sumSeries<D extends Day>(series: D[], key: keyof D & string): number {
  return Math.round(series.reduce((s, d) => s + (Number(d[key]) || 0), 0) * 100) / 100;
}
