import { useId } from 'react';

export interface BarPoint {
  /** `YYYY-MM-DD`. */
  date: string;
  value: number;
}

const W = 360;
const H = 120;

const shortDate = (d: string) =>
  new Date(`${d}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * Daily bars drawn as SVG (the staff dashboard and creator analytics): 90 bars need no chart library. The
 * figure names its total and peak for screen readers; each bar has a title with its day and value.
 */
export function BarChart({
  title,
  points,
  format = (n) => String(n),
}: {
  title: string;
  points: BarPoint[];
  format?: (n: number) => string;
}) {
  const id = useId();
  const max = Math.max(0, ...points.map((p) => p.value));
  const total = points.reduce((s, p) => s + p.value, 0);
  const peak = points.find((p) => p.value === max);
  const step = points.length ? W / points.length : W;
  const gap = step > 4 ? 1 : 0;
  const summary = points.length
    ? `${title}: ${format(total)} over ${points.length} days, most on ${peak ? shortDate(peak.date) : '—'} (${format(max)}).`
    : `${title}: no data yet.`;
  return (
    <figure className="rounded-2xl border border-border bg-card p-4 shadow-xs" aria-labelledby={id}>
      <figcaption id={id} className="mb-3 flex items-baseline justify-between gap-2">
        <span className="font-semibold">{title}</span>
        <span className="text-sm text-muted-foreground tabular-nums">{format(total)} in all</span>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" className="h-32 w-full" role="img" aria-label={summary}>
        <line x1="0" y1={H - 0.5} x2={W} y2={H - 0.5} className="stroke-border" strokeWidth="1" />
        {max > 0
          ? points.map((p, i) => {
              const h = (p.value / max) * (H - 4);
              return (
                <rect
                  key={p.date}
                  x={i * step + gap / 2}
                  y={H - h}
                  width={Math.max(0.5, step - gap)}
                  height={h}
                  rx="1"
                  className="fill-primary"
                >
                  <title>{`${shortDate(p.date)}: ${format(p.value)}`}</title>
                </rect>
              );
            })
          : null}
      </svg>
      <div className="mt-1 flex justify-between text-xs text-muted-foreground" aria-hidden="true">
        <span>{points[0] ? shortDate(points[0].date) : ''}</span>
        <span>peak {format(max)}</span>
        <span>{points.at(-1) ? shortDate(points.at(-1)!.date) : ''}</span>
      </div>
    </figure>
  );
}
