import { CHECK_IN_XP, type CheckInResult } from '@wyn/contract';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ErrorState } from '@/components/error-state';
import { CheckIcon, GiftIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { formatPoints } from '@/lib/format';
import { local } from '@/lib/storage';
import { haptic } from '@/lib/telegram';
import { notify } from '@/lib/toast';
import { useCheckIn } from '../api/check-in';
import { useStreak } from '../api/get-streak';
import { useRepairStreak } from '../api/repair-streak';
import { daysText, formatMissedDay, repairDeadline } from '../lib/streak-text';

const loadRepairDialog = () => import('./repair-streak-dialog');
const RepairStreakDialog = lazy(loadRepairDialog);

/** Days in the reward week; the dots show where the member is in it. */
const WEEK = 7;

function FlameIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" className={className}>
      <path d="M12.8 2.2c.4 2.6-.6 4.4-2 6-1.3 1.5-2.8 2.9-2.8 5.3 0 1.3.6 2.5 1.6 3.2-.1-1.6.6-2.8 1.7-3.9.9-.9 1.9-1.8 2.2-3.4 1.9 1.6 3.3 3.7 3.3 6.1 0 1.2-.4 2.2-1 3 2.4-.8 4.2-3 4.2-5.9 0-4.4-3.5-7.9-7.2-10.4Z" />
      <path d="M5.4 11.6C4.5 12.9 4 14.4 4 16a8 8 0 0 0 6 7.7c-1.8-.9-3-2.8-3-4.9 0-2.1 1-3.5 2.1-4.6-1.7-.4-3-1.4-3.7-2.6Z" />
    </svg>
  );
}

/** Sparks flying out of the flame once, after a check-in (still for members who ask for less motion). */
function Celebration({ day, reward }: { day: number; reward: string }) {
  return (
    <div
      role="status"
      data-testid="streak-celebration"
      className="flex items-center gap-3 rounded-2xl bg-amber-50 px-3 py-2.5 text-amber-950 motion-safe:animate-fade-in dark:bg-amber-400/15 dark:text-amber-100"
    >
      <span className="relative flex size-10 shrink-0 items-center justify-center">
        {Array.from({ length: 8 }, (_, i) => (
          <span
            key={i}
            aria-hidden="true"
            style={{ '--spark-angle': `${i * 45}deg` } as React.CSSProperties}
            className="absolute size-1.5 rounded-full bg-amber-500 opacity-0 motion-safe:animate-celebrate-spark"
          />
        ))}
        <FlameIcon className="size-8 text-orange-500 motion-safe:animate-celebrate-pop" />
      </span>
      <div className="min-w-0">
        <p className="font-semibold">{day === 1 ? 'Streak started!' : `Day ${day}! Keep it going.`}</p>
        <p className="text-sm">
          +{formatPoints(reward)} · +{CHECK_IN_XP} XP
        </p>
      </div>
    </div>
  );
}

const SEEN_KEY = 'wyn.streak_seen';
/**
 * The device's date as YYYY-MM-DD, by hand: a date format (toLocaleDateString) would load the date formatting data
 * while Home renders, ~40 ms of CPU for this key (docs/performance.md, Web).
 */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

type Seen = { day?: string; checkedIn?: boolean };
/** Whether this device saw today's check-in done: the placeholder then takes the card's checked-in shape. */
function checkedInEarlierToday(): boolean {
  const seen = local.getJson<Seen>(SEEN_KEY);
  return seen?.day === today() && seen.checkedIn === true;
}
function rememberCheckIn(checkedIn: boolean) {
  const day = today();
  const seen = local.getJson<Seen>(SEEN_KEY);
  if (seen?.day !== day || seen.checkedIn !== checkedIn) local.setJson(SEEN_KEY, { day, checkedIn });
}

/**
 * The loading card in the loaded card's own layout and type (text lines painted as bars), so nothing moves when
 * the streak arrives (docs/performance.md): the Check in button, full width on a phone, or the narrower Checked in badge.
 */
function StreakSkeleton({ className, checkedIn }: { className?: string; checkedIn: boolean }) {
  const bar = 'rounded-md bg-muted text-transparent animate-shimmer';
  return (
    <Card
      className={cn('overflow-hidden', className)}
      data-testid="streak-loading"
      aria-busy="true"
      aria-label="Loading your streak"
    >
      <CardContent aria-hidden="true" className="flex flex-col gap-4 p-4 md:p-5">
        <div className="flex flex-wrap items-center gap-3">
          <Skeleton className="size-12 shrink-0 rounded-2xl" />
          <div className="min-w-0 flex-1">
            <p className="text-xs font-semibold">
              <span className={bar}>Daily streak</span>
            </p>
            <p className="text-2xl leading-tight font-bold">
              <span className={bar}>0 days</span>
            </p>
            <p className="text-sm">
              <span className={bar}>Longest: 0 days</span>
            </p>
          </div>
          <Skeleton className={cn('h-11 rounded-xl', checkedIn ? 'w-32' : 'w-24 max-sm:w-full')} />
        </div>
        <div className="grid grid-cols-7 gap-1.5">
          {Array.from({ length: WEEK }, (_, i) => (
            <Skeleton key={i} className="h-8 rounded-lg" />
          ))}
        </div>
        <p className="text-sm">
          <span className={bar}>Today: 1 W + 5 XP</span>
        </p>
      </CardContent>
    </Card>
  );
}

/**
 * The daily streak on Home (issue #16 items 5–6): days in a row, the longest run, a Check in button that pays the
 * day's reward (with a celebration and a success haptic), what the next check-in pays, and, when one missed day
 * can still be repaired, the offer with its cost behind a confirmation.
 */
export function StreakCard({ className }: { className?: string }) {
  const streak = useStreak();
  const checkIn = useCheckIn();
  const repair = useRepairStreak();
  const [celebrated, setCelebrated] = useState<CheckInResult | null>(null);
  const [confirming, setConfirming] = useState(false);
  // isPending reaches the buttons a render later; a second tap landing before that must not send twice.
  const checkingIn = useRef(false);
  const repairing = useRef(false);
  const repairOffered = Boolean(streak.data?.repair.available && streak.data.repair.missed_day);
  // The confirmation's code (Radix dialog) loads once an offer shows, ready before the member taps Repair.
  useEffect(() => {
    if (repairOffered) void loadRepairDialog();
  }, [repairOffered]);
  const checkedInToday = streak.data?.checked_in_today;
  useEffect(() => {
    if (checkedInToday !== undefined) rememberCheckIn(checkedInToday);
  }, [checkedInToday]);

  if (streak.isPending) return <StreakSkeleton className={className} checkedIn={checkedInEarlierToday()} />;
  if (streak.isError || !streak.data) {
    return (
      <Card className={className} data-testid="streak-error">
        <ErrorState
          title="Could not load your streak"
          actionLabel="Try again"
          onAction={() => void streak.refetch()}
          className="py-6"
        />
      </Card>
    );
  }

  const s = streak.data;
  const inWeek = s.current === 0 ? 0 : ((s.current - 1) % WEEK) + 1;
  const onCheckIn = () => {
    if (checkingIn.current) return;
    checkingIn.current = true;
    checkIn.mutate(undefined, {
      onSettled: () => {
        checkingIn.current = false;
      },
      onSuccess: (res) => {
        haptic.success();
        setCelebrated(res);
      },
      onError: (e) => {
        haptic.error();
        notify.error(errorMessage(e, 'Could not check in. Please try again.'));
      },
    });
  };
  const onRepair = () => {
    if (repairing.current) return;
    repairing.current = true;
    repair.mutate(undefined, {
      onSettled: () => {
        repairing.current = false;
      },
      onSuccess: (res) => {
        haptic.success();
        setConfirming(false);
        notify.success(`Streak repaired: ${daysText(res.current)} in a row.`);
      },
      onError: (e) => {
        haptic.error();
        setConfirming(false);
        notify.error(errorMessage(e, 'Could not repair your streak. Please try again.'));
      },
    });
  };

  return (
    <Card className={cn('overflow-hidden', className)} data-testid="streak-card">
      <CardContent className="flex flex-col gap-4 p-4 md:p-5">
        <div className="flex flex-wrap items-center gap-3">
          <span
            className={cn(
              'flex size-12 shrink-0 items-center justify-center rounded-2xl',
              s.current > 0
                ? 'bg-orange-100 text-orange-600 dark:bg-orange-400/15 dark:text-orange-300'
                : 'bg-muted text-muted-foreground',
            )}
          >
            <FlameIcon className="size-7" />
          </span>
          <div className="min-w-0 flex-1">
            <h2 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Daily streak</h2>
            <p className="text-2xl leading-tight font-bold tabular-nums" data-testid="streak-current">
              {daysText(s.current)}
            </p>
            <p className="text-sm text-muted-foreground" data-testid="streak-longest">
              Longest: {daysText(s.longest)}
            </p>
          </div>
          {s.checked_in_today ? (
            <span
              className="inline-flex h-11 items-center gap-1.5 rounded-xl bg-emerald-50 px-3 text-sm font-semibold text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-200"
              data-testid="streak-done"
            >
              <CheckIcon className="size-4" /> Checked in
            </span>
          ) : (
            <Button onClick={onCheckIn} loading={checkIn.isPending} className="max-sm:w-full">
              Check in
            </Button>
          )}
        </div>

        <ol aria-label={`Day ${inWeek} of the ${WEEK}-day reward week`} className="grid grid-cols-7 gap-1.5">
          {Array.from({ length: WEEK }, (_, i) => {
            const done = i < inWeek;
            const bonus = i === WEEK - 1;
            return (
              <li
                key={i}
                aria-label={`Day ${i + 1}${done ? ', done' : ''}${bonus ? ', bonus' : ''}`}
                className={cn(
                  'flex h-8 items-center justify-center rounded-lg text-xs font-semibold tabular-nums',
                  done ? 'bg-orange-500 text-white dark:bg-orange-500' : 'bg-muted text-muted-foreground',
                )}
              >
                {bonus ? <GiftIcon className="size-4" /> : i + 1}
              </li>
            );
          })}
        </ol>

        {celebrated && s.checked_in_today ? <Celebration day={celebrated.current} reward={celebrated.reward} /> : null}

        <p className="text-sm text-muted-foreground" data-testid="streak-next-reward">
          {s.checked_in_today ? 'Tomorrow' : 'Today'}: {formatPoints(s.next_reward)} + {CHECK_IN_XP} XP
        </p>

        {repairOffered && s.repair.missed_day ? (
          <div
            className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-3 text-amber-950 sm:flex-row sm:items-center dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-100"
            data-testid="streak-repair-offer"
          >
            <p className="min-w-0 flex-1 text-sm">
              You missed {formatMissedDay(s.repair.missed_day)}. Repair your streak for{' '}
              <strong>{formatPoints(s.repair.cost)}</strong>
              {s.repair.expires_at ? ` until ${repairDeadline(s.repair.expires_at)}` : ''}.
            </p>
            <Button variant="outline" onClick={() => setConfirming(true)} className="shrink-0">
              Repair streak
            </Button>
          </div>
        ) : null}
      </CardContent>

      {confirming ? (
        <Suspense fallback={null}>
          <RepairStreakDialog
            cost={s.repair.cost}
            missedDay={s.repair.missed_day}
            pending={repair.isPending}
            onClose={() => setConfirming(false)}
            onConfirm={onRepair}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
