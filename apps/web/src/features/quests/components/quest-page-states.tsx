import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageErrorCard } from '@/components/error-state';
import { ArrowLeftIcon } from '@/components/icons';
import { Button, buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { href } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { QUEST_PAGE_MSG } from '../lib/participation';

export function BackBar({ action }: { action?: ReactNode } = {}) {
  const navigate = useNavigate();
  return (
    // Inside Telegram its BackButton goes back instead (the action stays).
    <div className={cn('flex h-14 items-center pt-2', !action && 'tg-back:h-2 tg-back:pt-0')}>
      <Button variant="ghost" size="sm" className="-ml-2 tg-back:hidden" onClick={() => void navigate(-1)}>
        <ArrowLeftIcon className="size-4" /> Back
      </Button>
      {action ? <div className="ml-auto">{action}</div> : null}
    </div>
  );
}

export function QuestError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const navigate = useNavigate();
  const status = isApiError(error) ? error.status : 0;
  const message =
    status === 404 || status === 400
      ? QUEST_PAGE_MSG.notFound
      : status === 403
        ? QUEST_PAGE_MSG.forbidden
        : QUEST_PAGE_MSG.loadFailed;
  return (
    <PageErrorCard title={message}>
      <Button variant="outline" onClick={() => void navigate(-1)}>
        Go Back
      </Button>
      <Link to={href.browseQuests()} className={buttonVariants({ variant: 'outline' })}>
        Browse Quests
      </Link>
      <Button onClick={onRetry}>Try Again</Button>
    </PageErrorCard>
  );
}

export function QuestSkeleton() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pb-8 md:px-6" aria-busy="true" aria-label="Loading quest">
      <div className="h-14" />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        <div className="flex flex-col gap-4">
          <div className="flex items-center gap-3">
            <Skeleton className="size-12 rounded-2xl" />
            <Skeleton className="h-8 flex-1" />
          </div>
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="aspect-video w-full rounded-2xl" />
          <Skeleton className="h-24 w-full" />
        </div>
        <div className="flex flex-col gap-3">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      </div>
    </div>
  );
}
