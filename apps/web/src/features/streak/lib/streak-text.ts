import { formatPoints } from '@/lib/format';

/** "1 day", "12 days". */
export const daysText = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** The repair offer's deadline as a short local time: "today at 23:59", "tomorrow at 08:00", or a date. */
export function repairDeadline(expiresAt: string, now: Date = new Date()): string {
  const at = new Date(expiresAt);
  const time = at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  const day = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const diff = Math.round((day(at) - day(now)) / 86_400_000);
  if (diff === 0) return `today at ${time}`;
  if (diff === 1) return `tomorrow at ${time}`;
  return `${at.toLocaleDateString([], { month: 'short', day: 'numeric' })} at ${time}`;
}

/** The confirmation's sentence before a repair spends W. */
export const repairConfirmText = (cost: string, missedDay: string | null) =>
  `Repairing fills ${missedDay ? formatMissedDay(missedDay) : 'the missed day'} and keeps your streak going. ` +
  `It costs ${formatPoints(cost)} and can be used once every 7 days.`;

/** `2026-06-03` → "Jun 3" (read as a calendar day, not a moment). */
export function formatMissedDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!).toLocaleDateString([], { month: 'short', day: 'numeric' });
}
