import { Link } from 'react-router';
import { Avatar } from '@/components/avatar';
import { ClockIcon, TrophyIcon } from '@/components/icons';
import { Card, CardContent } from '@/components/ui/card';
import { href } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatPoints } from '@/lib/format';
import { useCurrentSeason } from '../api/get-current-season';
import { startsIn, timeLeft } from '../lib/time-left';

/** How many of the board's top places the card lists. */
const SHOWN = 3;

/**
 * The current season (issue #16 item 11): its prize pool, time left, what each place wins, the top of the season
 * board and the member's own place. Nothing shows while it loads, on an error, or when no season is scheduled:
 * the card is an invitation, not something a member must see.
 */
export function SeasonCard({ className }: { className?: string }) {
  const { data } = useCurrentSeason();
  const season = data?.season;
  if (!season) return null;
  const running = Date.parse(season.starts_at) <= Date.now();
  const top = data.top.slice(0, SHOWN);

  return (
    <Card className={cn('overflow-hidden', className)} data-testid="season-card">
      <CardContent className="flex flex-col gap-4 p-4 md:p-5">
        <div className="flex items-start gap-3">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-accent-soft text-accent-foreground">
            <TrophyIcon className="size-5" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              {running ? 'Season' : 'Next season'}
            </p>
            <h2 className="truncate text-lg font-semibold">{season.name}</h2>
            <p className="flex items-center gap-1 text-sm text-muted-foreground">
              <ClockIcon className="size-3.5" />
              {running ? timeLeft(season.ends_at) : startsIn(season.starts_at)}
            </p>
          </div>
          <div className="text-right">
            <p className="text-xs text-muted-foreground">Prize pool</p>
            <p className="text-lg font-bold tabular-nums">{formatPoints(season.prize_pool)}</p>
          </div>
        </div>

        {season.prizes.length ? (
          <ul aria-label="Prizes" className="flex flex-wrap gap-1.5">
            {season.prizes.map((p, i) => (
              <li key={i} className="rounded-full bg-muted px-2.5 py-1 text-xs">
                <span className="font-semibold">#{i + 1}</span> {formatPoints(p)}
              </li>
            ))}
          </ul>
        ) : null}

        {top.length ? (
          <ol aria-label="Top of the season" className="flex flex-col gap-1">
            {top.map((r) => (
              <li key={r.profile.id}>
                <Link
                  to={href.profile(r.profile.id)}
                  className="flex min-h-11 items-center gap-3 rounded-xl px-2 hover:bg-muted"
                >
                  <span className="w-6 text-center text-sm font-bold tabular-nums">{r.rank}</span>
                  <Avatar src={r.profile.avatar} name={r.profile.name} className="size-8 text-xs" />
                  <span className="min-w-0 flex-1 truncate text-sm font-medium">{r.profile.name}</span>
                  <span className="text-sm text-muted-foreground tabular-nums">{r.xp} XP</span>
                </Link>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-muted-foreground">
            {running ? 'Nobody has earned XP this season yet.' : 'The board opens when the season starts.'}
          </p>
        )}

        <p className="rounded-xl bg-muted/60 px-3 py-2 text-sm">
          {data.me
            ? `You are #${data.me.rank} with ${data.me.xp} XP this season.`
            : 'Complete quests to earn XP and climb the season board.'}
        </p>
      </CardContent>
    </Card>
  );
}
