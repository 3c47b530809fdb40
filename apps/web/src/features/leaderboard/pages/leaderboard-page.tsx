import { leaderboardPeriods, type LeaderboardPeriod, type LeaderboardResponse } from '@wyn/contract';
import { Link, useSearchParams } from 'react-router';
import { Avatar } from '@/components/avatar';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { TrophyIcon } from '@/components/icons';
import { LevelBadge } from '@/components/level-badge';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { href } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useCurrentUser } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useBoardCreator } from '../api/get-board-creator';
import { useLeaderboard } from '../api/get-leaderboard';
import { LEADERBOARD_PAGE_SIZE, PERIOD_LABELS, rankLabel, readBoardParams } from '../lib/leaderboard';

type Row = LeaderboardResponse['results'][number];

const EMPTY_TEXT: Record<LeaderboardPeriod, string> = {
  week: 'Nobody has earned XP this week yet. Complete a quest to be first.',
  month: 'Nobody has earned XP this month yet. Complete a quest to be first.',
  all: 'Nobody has earned XP yet. Complete a quest to be first.',
  season: 'No season is running right now.',
};

/**
 * /leaderboard: members ranked by XP for a period (tabs), or a club's own board (`?creator=`). The top three
 * stand out, the member's own place stays pinned under the list, and pages go 20 at a time.
 */
export default function LeaderboardPage() {
  const [search, setSearch] = useSearchParams();
  const params = readBoardParams(search);
  const board = useLeaderboard(params);
  const creator = useBoardCreator(params.creator);
  const clubName = creator.data?.display_name;
  const title = params.creator ? 'Club board' : 'Leaderboard';
  useDocumentTitle(clubName ? `${clubName}: club board` : title);

  const go = (next: Partial<typeof params>) => {
    const merged = { ...params, ...next };
    const s = new URLSearchParams();
    if (merged.period !== 'all') s.set('period', merged.period);
    if (merged.creator) s.set('creator', merged.creator);
    if (merged.page > 1) s.set('page', String(merged.page));
    setSearch(s, { replace: true });
  };

  const viewerId = useCurrentUser()?.id ?? null;
  const data = board.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.count / LEADERBOARD_PAGE_SIZE)) : 1;
  const meOnPage = data?.results.some((r) => r.profile.id === viewerId) ?? false;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 pb-8 md:px-6">
      <PageHeader title={title} />
      {params.creator ? (
        <p className="-mt-1 mb-3 min-h-5 truncate text-sm text-muted-foreground" data-testid="board-club">
          {clubName ? `XP earned on ${clubName}'s quests` : '\u00a0'}
        </p>
      ) : null}

      <Tabs value={params.period} onValueChange={(v) => go({ period: v as LeaderboardPeriod, page: 1 })}>
        <TabsList className="grid w-full grid-cols-4" aria-label="Period">
          {leaderboardPeriods.map((p) => (
            <TabsTrigger key={p} value={p} className="px-1">
              {PERIOD_LABELS[p]}
            </TabsTrigger>
          ))}
        </TabsList>
        {/* One panel: the selected period's board (each tab names it). */}
        <TabsContent value={params.period} className="mt-0">
          {data?.season && params.period === 'season' ? (
            <p className="mt-3 text-sm text-muted-foreground" data-testid="board-season">
              {data.season.name} · ends {new Date(data.season.ends_at).toLocaleDateString()}
            </p>
          ) : null}

          <div className="mt-4">
            {board.isError ? (
              <ErrorState
                title="Could not load the leaderboard"
                description="Check your connection and try again."
                actionLabel="Try again"
                onAction={() => void board.refetch()}
              />
            ) : !data ? (
              <BoardSkeleton />
            ) : data.results.length === 0 ? (
              <EmptyState
                testId="board-empty"
                icon={<TrophyIcon className="size-6" />}
                title="No one here yet"
                description={EMPTY_TEXT[params.period]}
              />
            ) : (
              <ol className="flex flex-col gap-2" aria-label={`${PERIOD_LABELS[params.period]} ranking`}>
                {data.results.map((r) => (
                  <BoardRow key={r.profile.id} row={r} mine={r.profile.id === viewerId} />
                ))}
              </ol>
            )}
          </div>

          {data && data.count > LEADERBOARD_PAGE_SIZE ? (
            <nav className="mt-4 flex items-center justify-between gap-3" aria-label="Pages">
              <Button
                variant="outline"
                size="sm"
                disabled={params.page <= 1}
                onClick={() => go({ page: params.page - 1 })}
              >
                Previous
              </Button>
              <span className="text-sm text-muted-foreground tabular-nums">
                Page {params.page} of {lastPage}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={params.page >= lastPage}
                onClick={() => go({ page: params.page + 1 })}
              >
                Next
              </Button>
            </nav>
          ) : null}

          {data ? <MyPlace me={data.me} pinned={!meOnPage} /> : null}
        </TabsContent>
      </Tabs>
    </div>
  );
}

function BoardRow({ row, mine }: { row: Row; mine: boolean }) {
  const top = row.rank <= 3;
  return (
    <li
      data-testid="board-row"
      className={cn(
        'flex items-center gap-2 rounded-xl border border-border bg-card p-3 sm:gap-3',
        top && 'border-primary/40 bg-primary-soft/60',
        mine && 'ring-2 ring-primary',
      )}
    >
      <span
        className={cn('w-9 shrink-0 text-center font-semibold tabular-nums', top ? 'text-2xl' : 'text-sm')}
        aria-label={`Rank ${row.rank}`}
      >
        {rankLabel(row.rank)}
      </span>
      <Link
        to={href.profile(row.profile.id)}
        className="flex min-h-11 min-w-0 flex-1 items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-primary"
      >
        <Avatar src={row.profile.avatar} name={row.profile.name} className={top ? 'size-11' : 'size-9'} />
        {/* On a phone the level sits under the name, so the name keeps the width; beside it from sm up. */}
        <span className="flex min-w-0 flex-1 flex-col items-start gap-0.5 sm:flex-row sm:items-center sm:gap-2">
          <span className="flex max-w-full min-w-0 items-baseline gap-1">
            <span className="min-w-0 truncate font-medium">{row.profile.name}</span>
            {/* Outside the name, so a long name never hides it. */}
            {mine ? <span className="shrink-0 text-sm text-muted-foreground">(you)</span> : null}
          </span>
          <LevelBadge level={row.level} className="sm:ml-auto" />
        </span>
      </Link>
      <span className="min-w-14 shrink-0 text-right text-sm font-semibold tabular-nums">{row.xp} XP</span>
    </li>
  );
}

/** The member's own place, pinned under the list when it is not on this page. */
function MyPlace({ me, pinned }: { me: LeaderboardResponse['me']; pinned: boolean }) {
  if (me && !pinned) return null;
  return (
    <div
      data-testid="board-me"
      className="sticky bottom-[calc(5.5rem+var(--safe-bottom))] mt-4 flex items-center gap-3 rounded-xl border border-primary/50 bg-card p-3 shadow-md md:bottom-4"
    >
      {me ? (
        <>
          <span className="w-9 shrink-0 text-center text-sm font-semibold tabular-nums">#{me.rank}</span>
          <span className="min-w-0 flex-1 truncate font-medium">Your place</span>
          <LevelBadge level={me.level} />
          <span className="min-w-14 shrink-0 text-right text-sm font-semibold tabular-nums">{me.xp} XP</span>
        </>
      ) : (
        <span className="text-sm text-muted-foreground">
          You are not on this board yet: complete a quest to earn XP.
        </span>
      )}
    </div>
  );
}

function BoardSkeleton() {
  return (
    <div className="flex flex-col gap-2" aria-busy="true" aria-label="Loading">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-16 w-full rounded-xl" />
      ))}
    </div>
  );
}
