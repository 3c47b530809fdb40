import { EXPLORE_LIMITS, EXPLORE_MSG, type SearchResponse } from '@wyn/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PerkCard } from '@/components/cards/perk-card';
import { ProfileCard } from '@/components/cards/profile-card';
import { QuestCard } from '@/components/cards/quest-card';
import { EmptyState } from '@/components/empty-state';
import { ArrowRightIcon, ChevronLeftIcon, ChevronRightIcon, SearchIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { ExploreTab } from '../lib/explore-params';

const EMPTY: Record<ExploreTab, string> = {
  all: EXPLORE_MSG.noResults,
  tasks: EXPLORE_MSG.noQuests,
  perks: EXPLORE_MSG.noPerks,
  users: EXPLORE_MSG.noUsers,
};

type Kind = Exclude<ExploreTab, 'all'>;
const SECTION_TITLE: Record<Kind, string> = { tasks: 'Quests', perks: 'Perks', users: 'Users' };

export function QuestGrid({ quests }: { quests: SearchResponse['content_results']['tasks'] }) {
  return (
    <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" data-testid="explore-quests">
      {quests.map((q) => (
        <li key={q.id} className="flex min-w-0">
          <QuestCard quest={q} showTags className="w-full" />
        </li>
      ))}
    </ul>
  );
}

export function PerkGrid({ perks }: { perks: SearchResponse['content_results']['perks'] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="explore-perks">
      {perks.map((p) => (
        <li key={p.id} className="flex min-w-0">
          <PerkCard perk={p} showTags className="w-full" />
        </li>
      ))}
    </ul>
  );
}

export function UserGrid({
  users,
  isOwn,
}: {
  users: SearchResponse['content_results']['users'];
  isOwn: (u: { id: string; user: string }) => boolean;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="explore-users">
      {users.map((u) => (
        <li key={u.id} className="flex min-w-0">
          <ProfileCard profile={u} isOwn={isOwn(u)} className="w-full" />
        </li>
      ))}
    </ul>
  );
}

/** Results of a search: three sections with View all in All, one grid on a tab; the empty states. */
export function ExploreResults({
  tab,
  data,
  clearHref,
  viewAllHref,
  isOwn,
  stale,
}: {
  tab: ExploreTab;
  data: SearchResponse;
  clearHref: string;
  viewAllHref: (kind: Kind) => string;
  isOwn: (u: { id: string; user: string }) => boolean;
  stale: boolean;
}) {
  const r = data.content_results;
  const kindTotal = (k: Kind) => data.counts?.[k] ?? r[k].length;
  const empty = tab === 'all' ? r.tasks.length + r.perks.length + r.users.length === 0 : r[tab as Kind].length === 0;
  if (empty)
    return (
      <EmptyState
        testId="explore-empty"
        icon={<SearchIcon className="size-6" />}
        title={EMPTY[tab]}
        description="Try another word, or fewer filters."
        actionLabel={EXPLORE_MSG.clearSearch}
        actionHref={clearHref}
      />
    );

  const grid = (k: Kind) =>
    k === 'tasks' ? (
      <QuestGrid quests={r.tasks} />
    ) : k === 'perks' ? (
      <PerkGrid perks={r.perks} />
    ) : (
      <UserGrid users={r.users} isOwn={isOwn} />
    );

  return (
    <div className={cn('flex flex-col gap-8 transition-opacity', stale && 'opacity-60')} aria-busy={stale}>
      {tab === 'all' ? (
        (['tasks', 'perks', 'users'] as const)
          .filter((k) => r[k].length > 0)
          .map((k) => (
            <Section
              key={k}
              title={SECTION_TITLE[k]}
              count={kindTotal(k)}
              action={
                <Link
                  to={viewAllHref(k)}
                  className="relative touch-target inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline"
                  aria-label={`View all ${SECTION_TITLE[k].toLowerCase()}`}
                >
                  View all <ArrowRightIcon className="size-4" />
                </Link>
              }
            >
              {grid(k)}
            </Section>
          ))
      ) : (
        <Section title={SECTION_TITLE[tab as Kind]} count={kindTotal(tab as Kind)}>
          {grid(tab as Kind)}
        </Section>
      )}
    </div>
  );
}

function Section({
  title,
  count,
  action,
  children,
}: {
  title: string;
  count: number;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-label={title}>
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">
          {title}{' '}
          <span className="text-sm font-medium text-muted-foreground">
            ({count >= EXPLORE_LIMITS.countCap ? `${EXPLORE_LIMITS.countCap.toLocaleString('en-US')}+` : count})
          </span>
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

export function Pagination({
  page,
  totalPages,
  hasPrevious,
  hasNext,
  onPage,
}: {
  page: number;
  totalPages: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPage: (page: number) => void;
}) {
  if (totalPages <= 1 && !hasPrevious) return null;
  return (
    <nav className="flex items-center justify-between gap-3 pt-2" aria-label="Pagination">
      <Button variant="outline" size="sm" disabled={!hasPrevious} onClick={() => onPage(page - 1)}>
        <ChevronLeftIcon className="size-4" />
        Previous
      </Button>
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="explore-page-indicator">
        Page {page} of {Math.max(totalPages, page)}
      </p>
      <Button variant="outline" size="sm" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        Next
        <ChevronRightIcon className="size-4" />
      </Button>
    </nav>
  );
}
