import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { ClipboardCheckIcon } from '@/components/icons';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useToReview } from '../api/get-to-review';
import { SubmissionItem } from '../components/submission-item';
import { sortSubmissions } from '../components/submissions-panel';

/** "To review": pending submissions across the viewer's quests. */
export default function ReviewPage() {
  useDocumentTitle('To review');
  const list = useToReview();
  const items = sortSubmissions(list.data ?? []);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 pb-8 md:px-6">
      <PageHeader title="To review" />
      <p className="mb-4 text-sm text-muted-foreground">
        Proof that members sent for your quests. Approving pays the reward; a rejected member can submit again.
      </p>
      {list.isPending ? (
        <div className="flex flex-col gap-3">
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      ) : list.isError ? (
        <ErrorState
          actionLabel="Try again"
          onAction={() => void list.refetch()}
          className="rounded-3xl border border-border bg-card"
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<ClipboardCheckIcon className="size-6" />}
          title="Nothing to review"
          description="When members submit proof for your quests, it shows up here."
          actionLabel="Create a quest"
          actionHref={paths.create}
        />
      ) : (
        <ul className="flex flex-col gap-3" data-testid="review-list">
          {items.map((s) => (
            <SubmissionItem key={s.id} submission={s} showQuest />
          ))}
        </ul>
      )}
    </div>
  );
}
