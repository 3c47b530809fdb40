import { Skeleton } from '@/components/ui/skeleton';

/** Two placeholder blocks per list while loading (docs/spec/01-signin-home-create.md §9). */
export function QuestListSkeleton() {
  return (
    <div className="flex flex-col gap-3" data-testid="quests-loading" aria-busy="true" aria-label="Loading quests">
      {[0, 1].map((i) => (
        <Skeleton key={i} className="h-[82px] rounded-2xl" data-testid="skeleton" />
      ))}
    </div>
  );
}

export function PerkGridSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3" data-testid="perks-loading" aria-busy="true" aria-label="Loading perks">
      {[0, 1].map((i) => (
        <Skeleton key={i} className="aspect-[4/5] rounded-2xl" data-testid="skeleton" />
      ))}
    </div>
  );
}

export function UserRowSkeleton() {
  return (
    <div className="flex gap-3" aria-busy="true" aria-label="Loading members">
      {[0, 1].map((i) => (
        <Skeleton key={i} className="h-[150px] w-32 rounded-2xl" data-testid="skeleton" />
      ))}
    </div>
  );
}

export function BannerSkeleton() {
  return <Skeleton className="aspect-[16/9] w-full rounded-3xl sm:aspect-[21/9] lg:aspect-auto lg:h-72" />;
}
