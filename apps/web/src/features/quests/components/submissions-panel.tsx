import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { ClipboardCheckIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { notify } from '@/lib/toast';
import { useApproveAll } from '../api/approve-all';
import { useSubmissions } from '../api/get-submissions';
import type { Submission } from '../types';
import { SubmissionItem } from './submission-item';

const ORDER: Record<Submission['verification_status'], number> = { pending: 0, rejected: 1, approved: 2, joined: 3 };

/** Pending first, then newest first. */
export function sortSubmissions(list: Submission[]): Submission[] {
  const t = (s: Submission) => Date.parse(s.submitted_at ?? s.joined_at ?? '') || 0;
  return [...list].sort((a, b) => ORDER[a.verification_status] - ORDER[b.verification_status] || t(b) - t(a));
}

/** The creator's view of a quest's submissions, with Approve all behind a confirmation. */
export function SubmissionsPanel({ questId }: { questId: string }) {
  const submissions = useSubmissions(questId, true);
  const approveAll = useApproveAll();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const list = sortSubmissions(submissions.data ?? []);
  const pendingCount = list.filter((s) => s.verification_status === 'pending').length;

  return (
    <section aria-labelledby="submissions-title" className="flex flex-col gap-3" data-testid="submissions-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="submissions-title" className="text-lg font-semibold">
          Submissions{pendingCount > 0 ? ` (${pendingCount} pending)` : ''}
        </h2>
        <div className="flex items-center gap-2">
          <Link to={paths.review} className="relative touch-target text-sm font-medium text-primary hover:underline">
            All to review
          </Link>
          {pendingCount > 1 ? (
            <Button size="sm" variant="secondary" onClick={() => setConfirmOpen(true)}>
              Approve all {pendingCount}
            </Button>
          ) : null}
        </div>
      </div>
      {submissions.isPending ? (
        <div className="flex flex-col gap-3">
          <Skeleton className="h-28" />
          <Skeleton className="h-28" />
        </div>
      ) : submissions.isError ? (
        <ErrorState
          title="Couldn't load submissions"
          actionLabel="Try again"
          onAction={() => void submissions.refetch()}
          className="rounded-2xl border border-border bg-card py-8"
        />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<ClipboardCheckIcon className="size-6" />}
          title="No submissions yet"
          description="When members submit proof, it shows up here for your review."
        />
      ) : (
        <ul className="flex flex-col gap-3">
          {list.map((s) => (
            <SubmissionItem key={s.id} submission={s} />
          ))}
        </ul>
      )}
      <Dialog open={confirmOpen} onOpenChange={setConfirmOpen}>
        <DialogContent
          title={`Approve all ${pendingCount} submissions?`}
          description={`All ${pendingCount} pending submissions will be approved and each member paid the reward. This cannot be undone.`}
        >
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setConfirmOpen(false)}>
              Cancel
            </Button>
            <Button
              loading={approveAll.isPending}
              onClick={() =>
                approveAll.mutate(questId, {
                  onSuccess: (res) => {
                    const text = res.detail || `Approved ${res.approved} submission${res.approved === 1 ? '' : 's'}`;
                    if (res.failed > 0) notify.error(text);
                    else notify.success(text);
                    setConfirmOpen(false);
                  },
                })
              }
            >
              Approve {pendingCount}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </section>
  );
}
