import { formatPoints, MSG } from '@wyn/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BarChart } from '@/components/bar-chart';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { ChartIcon, ShieldIcon } from '@/components/icons';
import { buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError, errorMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { haptic } from '@/lib/telegram';
import { ANALYTICS_DAYS, hasActivity, type AnalyticsDays, type Chart, type Tile } from '../lib/analytics';

export const ANALYTICS_MSG = {
  forbiddenTitle: 'Only the creator can see this',
  forbiddenText: 'Analytics are for the member who created this and the club’s staff.',
  quiet: 'Nothing happened in these days yet',
  quietText: 'Views, joins and rewards show here day by day as members find it.',
} as const;

/** 30 or 90 days, as a two-way switch. */
export function DaysToggle({ days, onChange }: { days: AnalyticsDays; onChange: (d: AnalyticsDays) => void }) {
  return (
    <div
      role="radiogroup"
      aria-label="Days shown"
      className="inline-flex rounded-full border border-border bg-card p-1"
    >
      {ANALYTICS_DAYS.map((d) => {
        const on = d === days;
        return (
          <button
            key={d}
            type="button"
            role="radio"
            aria-checked={on}
            onClick={() => {
              if (on) return;
              haptic.selection();
              onChange(d);
            }}
            className={cn(
              'min-h-11 min-w-20 rounded-full px-4 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-ring',
              on ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {d} days
          </button>
        );
      })}
    </div>
  );
}

function StatTile({ label, value }: Tile) {
  return (
    <div className="min-w-0 rounded-2xl border border-border bg-card p-4 shadow-xs">
      <dt className="truncate text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 truncate text-2xl font-bold tracking-tight tabular-nums">{value}</dd>
    </div>
  );
}

function LoadingView() {
  return (
    <div aria-busy="true" className="flex flex-col gap-5">
      <span className="sr-only" role="status">
        Loading analytics
      </span>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-[5.5rem]" />
        ))}
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Skeleton className="h-52" />
        <Skeleton className="h-52" />
      </div>
    </div>
  );
}

/**
 * A creator's numbers for one quest or perk: all-time totals as tiles, then the daily series of the window as
 * bars. A member who is not its creator (nor staff) is answered 403 by the server and sees why here.
 */
export function AnalyticsView<T>({
  query,
  tiles,
  charts,
  days,
  onDaysChange,
  backHref,
  backLabel,
  notFoundTitle,
}: {
  query: UseQueryResult<T>;
  tiles: (data: T) => Tile[];
  charts: (data: T) => Chart[];
  days: AnalyticsDays;
  onDaysChange: (d: AnalyticsDays) => void;
  backHref: string;
  backLabel: string;
  notFoundTitle: string;
}) {
  let body: ReactNode;
  if (query.isPending) body = <LoadingView />;
  else if (query.isError) {
    const status = isApiError(query.error) ? query.error.status : 0;
    body =
      status === 403 ? (
        <div data-testid="analytics-forbidden" className="flex flex-col items-center px-6 py-12 text-center">
          <span className="mb-4 flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary">
            <ShieldIcon className="size-7" />
          </span>
          <h2 className="text-lg font-semibold">{ANALYTICS_MSG.forbiddenTitle}</h2>
          <p className="mt-1.5 max-w-sm text-sm text-muted-foreground">{ANALYTICS_MSG.forbiddenText}</p>
          <Link to={backHref} className={buttonVariants({ variant: 'outline', className: 'mt-6' })}>
            {backLabel}
          </Link>
        </div>
      ) : status === 404 || status === 400 ? (
        <ErrorState title={notFoundTitle} description={MSG.notFound} actionLabel={backLabel} actionHref={backHref} />
      ) : (
        <ErrorState
          title="Couldn't load the analytics."
          description={errorMessage(query.error)}
          actionLabel="Try again"
          onAction={() => void query.refetch()}
        />
      );
  } else {
    const list = charts(query.data);
    body = (
      <div className="flex flex-col gap-5" data-testid="analytics">
        <section aria-labelledby="analytics-totals">
          <h2 id="analytics-totals" className="mb-2 text-sm font-semibold text-muted-foreground">
            All time
          </h2>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {tiles(query.data).map((t) => (
              <StatTile key={t.label} {...t} />
            ))}
          </dl>
        </section>
        <section aria-labelledby="analytics-daily">
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
            <h2 id="analytics-daily" className="text-sm font-semibold text-muted-foreground">
              Last {days} days
            </h2>
            <DaysToggle days={days} onChange={onDaysChange} />
          </div>
          {hasActivity(list) ? (
            <div className={cn('grid grid-cols-1 gap-4 lg:grid-cols-2', query.isFetching && 'opacity-70')}>
              {list.map((c) => (
                <BarChart
                  key={c.title}
                  title={c.title}
                  points={c.points}
                  format={c.unit === 'w' ? (n) => formatPoints(n) : undefined}
                />
              ))}
            </div>
          ) : (
            <EmptyState
              testId="analytics-quiet"
              icon={<ChartIcon className="size-6" />}
              title={ANALYTICS_MSG.quiet}
              description={ANALYTICS_MSG.quietText}
            />
          )}
        </section>
      </div>
    );
  }
  return body;
}
