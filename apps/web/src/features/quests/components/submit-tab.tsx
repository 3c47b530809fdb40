import { QUEST_MSG } from '@wyn/contract';
import { ExternalLink } from '@/components/external-link';
import { ExternalLinkIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { formatRelativeTime, isAppPath, isHttpUrl } from '@/lib/format';
import { questActionLink } from '../lib/quest-links';
import type { QuestDetail } from '../types';
import { ChannelVerifyPanel } from './join-channel-dialog';
import { ProofForm } from './proof-form';

export type ResultNote = { tone: 'success' | 'error' | 'info'; text: string } | null;

/**
 * The member's own participation: completed, under review, or (joined or rejected) the way to finish it:
 * the channel check, the automatic check, or the proof form.
 */
export function SubmitTab({
  quest,
  submitting,
  onSubmitProof,
  proofErrors,
  verifying,
  verifyNote,
  onVerifyMembership,
  onVerifyCompletion,
}: {
  quest: QuestDetail;
  submitting: boolean;
  onSubmitProof: (text: string, image: File | null) => void;
  proofErrors: { text?: string; image?: string };
  verifying: boolean;
  verifyNote: ResultNote;
  onVerifyMembership: () => void;
  onVerifyCompletion: () => void;
}) {
  const p = quest.my_participation;
  if (!p) return null;
  const status = p.verification_status;
  const action = questActionLink(quest);

  if (status === 'approved') {
    return (
      <div className="flex flex-col gap-2 text-sm" data-testid="completion-details">
        <p className="font-semibold text-success">Quest completed — reward paid.</p>
        {p.completion_date ? <p>Completed {new Date(p.completion_date).toLocaleString()}</p> : null}
        {p.verified_date ? (
          <p className="text-muted-foreground">Verified {formatRelativeTime(p.verified_date)}</p>
        ) : null}
        <ProofSummary text={p.proof_text} image={p.proof_image} />
      </div>
    );
  }
  if (status === 'pending') {
    return (
      <div className="flex flex-col gap-2 text-sm">
        <p className="font-semibold">{QUEST_MSG.underReview}</p>
        <p className="text-muted-foreground">
          {p.submitted_at ? `Submitted ${formatRelativeTime(p.submitted_at)}. ` : ''}The creator will approve or reject
          it soon.
        </p>
        <ProofSummary text={p.proof_text} image={p.proof_image} />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {status === 'rejected' ? (
        <Alert title="Submission Rejected">
          <span className="block break-words whitespace-pre-line" data-testid="rejection-reason">
            {p.rejection_reason?.trim() || 'The creator rejected your submission.'}
          </span>
          <span className="mt-1 block">You can fix it and submit again.</span>
        </Alert>
      ) : null}
      {quest.task_type === 'join' ? (
        <ChannelVerifyPanel quest={quest} verifying={verifying} onVerify={onVerifyMembership} result={verifyNote} />
      ) : quest.verification_mode === 'automatic' ? (
        <div className="flex flex-col gap-3">
          {action ? (
            <ExternalLink href={action.href} className={buttonVariants({ size: 'lg' })}>
              {action.label} <ExternalLinkIcon className="size-4" />
            </ExternalLink>
          ) : null}
          {/* Inside Telegram its MainButton checks (quest page). */}
          <Button
            variant="outline"
            size="lg"
            className="tg-main:hidden"
            onClick={onVerifyCompletion}
            loading={verifying}
          >
            Check completion
          </Button>
          {verifyNote ? (
            <p role="status" className="text-sm">
              {verifyNote.text}
            </p>
          ) : null}
        </div>
      ) : (
        <>
          {action ? (
            <ExternalLink
              href={action.href}
              className={buttonVariants({ variant: 'outline', className: 'self-start' })}
            >
              {action.label} <ExternalLinkIcon className="size-4" />
            </ExternalLink>
          ) : null}
          <ProofForm submitting={submitting} onSubmit={onSubmitProof} fieldErrors={proofErrors} />
        </>
      )}
    </div>
  );
}

function ProofSummary({ text, image }: { text: string | null; image: string | null }) {
  if (!text && !image) return null;
  return (
    <div className="mt-2 flex flex-col gap-2 rounded-xl bg-muted p-3">
      {text ? <p className="break-words whitespace-pre-line">{text}</p> : null}
      {image && (isHttpUrl(image) || isAppPath(image)) ? (
        <img src={image} alt="Your proof" className="max-h-60 rounded-lg object-contain" />
      ) : null}
    </div>
  );
}
