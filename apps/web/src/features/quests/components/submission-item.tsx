import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@/components/avatar';
import { LevelBadge } from '@/components/level-badge';
import { MediaImage } from '@/components/media-image';
import { CheckIcon, XIcon } from '@/components/icons';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { href } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { formatRelativeTime, isAppPath, isHttpUrl } from '@/lib/format';
import { IMAGE_SIZES } from '@/lib/media-srcset';
import { notify } from '@/lib/toast';
import { useApproveSubmission } from '../api/approve-submission';
import { useRejectSubmission } from '../api/reject-submission';
import type { Submission } from '../types';
import { ExternalLink } from '@/components/external-link';
import { ProofText } from './proof-text';
import { SubmissionSignals } from './submission-signals';

const STATUS_BADGE: Record<
  Submission['verification_status'],
  { label: string; variant: 'secondary' | 'accent' | 'success' | 'outline' }
> = {
  joined: { label: 'Joined', variant: 'outline' },
  pending: { label: 'Pending', variant: 'accent' },
  approved: { label: 'Approved', variant: 'success' },
  rejected: { label: 'Rejected', variant: 'outline' },
};

/** Only http(s) or same-origin media is rendered. */
export function isSafeImage(src: string | null | undefined): src is string {
  return isHttpUrl(src) || isAppPath(src);
}

export function memberName(s: Submission): string {
  return s.user.display_name?.trim() || s.user.username?.trim() || 'Member';
}

/** One submission: member, time, proof text and image, and Approve / Reject when pending. */
export function SubmissionItem({
  submission,
  showQuest = false,
}: {
  /** From the review queue: with the member's signals (plain sentences). */
  submission: Submission & { signals?: string[] };
  showQuest?: boolean;
}) {
  const approve = useApproveSubmission();
  const [rejectOpen, setRejectOpen] = useState(false);
  // Approving pays the member at once: it asks first, as rejecting does (issue #14 item 19).
  const [approveOpen, setApproveOpen] = useState(false);
  const name = memberName(submission);
  const when = submission.submitted_at ?? submission.joined_at;
  const badge = STATUS_BADGE[submission.verification_status];
  const pending = submission.verification_status === 'pending';

  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-4" data-testid="submission">
      <div className="flex items-start gap-3">
        <Link
          to={href.profile(submission.user.id)}
          className="relative touch-target shrink-0 rounded-full"
          aria-label={`${name}'s profile`}
        >
          <Avatar src={submission.user.avatar} name={name} className="size-10" />
        </Link>
        <div className="min-w-0 flex-1">
          <p className="flex min-w-0 items-center gap-1.5">
            <span className="truncate font-semibold">{name}</span>
            <LevelBadge level={submission.user.level} />
          </p>
          {/* A long username is cut, never the time ("1 minute ago" stays on one line beside it). */}
          <p className="flex min-w-0 gap-1 text-xs text-muted-foreground">
            {submission.user.username ? (
              <>
                <span className="truncate">@{submission.user.username}</span>
                <span aria-hidden="true">·</span>
              </>
            ) : null}
            {when ? <span className="shrink-0 whitespace-nowrap">{formatRelativeTime(when)}</span> : null}
          </p>
          {showQuest ? (
            <Link
              to={href.quest(submission.task)}
              className="-mt-2 -mb-3 block truncate py-3 text-sm font-medium text-primary hover:underline"
            >
              {submission.task_title}
            </Link>
          ) : null}
        </div>
        <Badge variant={badge.variant}>{badge.label}</Badge>
      </div>
      <SubmissionSignals signals={submission.signals} name={name} />
      {submission.proof_text ? (
        <ProofText text={submission.proof_text} className="text-sm break-words whitespace-pre-line" />
      ) : null}
      {isSafeImage(submission.proof_image) ? (
        <ExternalLink href={submission.proof_image} className="block">
          <MediaImage
            src={submission.proof_image}
            sizes={IMAGE_SIZES.detailCover}
            alt={`Proof from ${name}`}
            loading="lazy"
            decoding="async"
            className="max-h-64 w-full rounded-xl bg-muted object-contain"
          />
        </ExternalLink>
      ) : null}
      {!submission.proof_text && !submission.proof_image && pending ? (
        <p className="text-sm text-muted-foreground">No proof attached.</p>
      ) : null}
      {submission.verification_status === 'rejected' && submission.rejection_reason ? (
        <p className="text-sm text-muted-foreground">Reason: {submission.rejection_reason}</p>
      ) : null}
      {pending ? (
        <div className="flex gap-2">
          <Button size="sm" className="flex-1" loading={approve.isPending} onClick={() => setApproveOpen(true)}>
            <CheckIcon className="size-4" /> Approve
          </Button>
          <Button
            size="sm"
            variant="outline"
            className="flex-1"
            onClick={() => setRejectOpen(true)}
            disabled={approve.isPending}
          >
            <XIcon className="size-4" /> Reject
          </Button>
        </div>
      ) : null}
      <Dialog open={approveOpen} onOpenChange={setApproveOpen}>
        <DialogContent
          title="Approve submission?"
          description={`${name} will be paid the quest's reward. This cannot be undone.`}
        >
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setApproveOpen(false)}>
              Cancel
            </Button>
            <Button
              loading={approve.isPending}
              onClick={() =>
                approve.mutate(submission.id, {
                  onSuccess: () => {
                    notify.success(`Approved ${name}'s submission`);
                    setApproveOpen(false);
                  },
                })
              }
            >
              Approve
            </Button>
          </div>
        </DialogContent>
      </Dialog>
      <RejectDialog submission={submission} name={name} open={rejectOpen} onOpenChange={setRejectOpen} />
    </li>
  );
}

function RejectDialog({
  submission,
  name,
  open,
  onOpenChange,
}: {
  submission: Submission;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const reject = useRejectSubmission();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        onOpenChange(o);
        if (!o) setError(null);
      }}
    >
      <DialogContent title="Reject submission" description={`Tell ${name} why, so they can fix it and submit again.`}>
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!reason.trim()) {
              setError('Please give a reason for the rejection.');
              return;
            }
            reject.mutate(
              { id: submission.id, reason },
              {
                onSuccess: () => {
                  notify.success('Submission rejected');
                  setReason('');
                  onOpenChange(false);
                },
                onError: (err) => setError(errorMessage(err)),
              },
            );
          }}
        >
          <FormField label="Reason" required error={error}>
            <Textarea
              rows={3}
              value={reason}
              autoFocus
              onChange={(e) => {
                setReason(e.target.value);
                setError(null);
              }}
              placeholder="e.g. The screenshot doesn't show the channel"
            />
          </FormField>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" loading={reject.isPending}>
              Reject
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
