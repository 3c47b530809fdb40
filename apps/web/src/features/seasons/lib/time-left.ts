/** "3 days left", "5 hours left", "12 minutes left", "Ending now": how long until `iso`. */
export function timeLeft(iso: string, now: number = Date.now()): string {
  const ms = Date.parse(iso) - now;
  if (!Number.isFinite(ms) || ms <= 60_000) return 'Ending now';
  const unit = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${unit(minutes, 'minute')} left`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${unit(hours, 'hour')} left`;
  return `${unit(Math.floor(hours / 24), 'day')} left`;
}

/** "Starts in 3 days", for a season not yet running. */
export function startsIn(iso: string, now: number = Date.now()): string {
  return timeLeft(iso, now)
    .replace(/^(.*) left$/, 'Starts in $1')
    .replace('Ending now', 'Starting now');
}
