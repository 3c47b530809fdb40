import { Points } from '@/components/cards/points';
import { QuestTypeIcon } from '@/components/cards/type-icons';
import { Alert } from '@/components/ui/alert';
import { formatPoints } from '@/lib/format';
import { QUEST_TYPE_LABELS } from '@/lib/labels';
import { escrowAmount, questTypeDetail, type EscrowChange, type QuestForm } from '../lib/quest-form';
import type { MediaState } from '../lib/use-media-upload';
import { DescriptionRow, LimitRows, mediaText, ReviewHeading, ReviewRow as Row, TagsRow } from './review-summary';

const VIDEO_RE = /\.(mp4|webm|mov|avi)(\?|$)/i;

/** The edit screen's review: what happens to the cover, and how the escrow moves. */
export interface QuestReviewEdit {
  currentMedia: string | null;
  removeMedia: boolean;
  escrow: EscrowChange | null;
}

export function ReviewStep({
  form,
  media,
  balance,
  botVerified,
  error,
  edit,
}: {
  form: QuestForm;
  media: MediaState;
  balance: string | undefined;
  botVerified: boolean;
  error: string | null;
  /** Set on the edit screen: saving changes instead of creating. */
  edit?: QuestReviewEdit;
}) {
  const escrow = escrowAmount(form);
  const detail = questTypeDetail(form);
  const balanceNum = balance != null ? Number(balance) : null;
  const reward = Number(form.reward_amount);
  const needed = escrow ?? reward;
  const short = balanceNum != null && Number.isFinite(needed) && balanceNum < needed;
  const automatic = form.task_type === 'join';

  return (
    <div className="flex flex-col gap-4">
      {error ? <Alert title={edit ? "Can't save the changes" : "Can't create the quest yet"}>{error}</Alert> : null}
      <ReviewHeading
        icon={form.task_type ? <QuestTypeIcon type={form.task_type} /> : null}
        kind={form.task_type ? QUEST_TYPE_LABELS[form.task_type] : 'Quest'}
        title={form.title.trim() || 'Untitled Quest'}
        media={media}
      />
      {edit?.currentMedia && !edit.removeMedia && media.status === 'idle' && !VIDEO_RE.test(edit.currentMedia) ? (
        <img src={edit.currentMedia} alt="" className="aspect-video w-full rounded-2xl bg-muted object-cover" />
      ) : null}
      <dl className="divide-y divide-border rounded-2xl border border-border bg-card px-4">
        <DescriptionRow description={form.description} />
        {detail ? <Row label={detail[0]}>{detail[1]}</Row> : null}
        {form.task_type === 'join' && !edit ? (
          <Row label="Bot access">
            {botVerified ? (
              <span className="text-success">Verified</span>
            ) : (
              <span className="text-destructive">Not verified — go back and test access</span>
            )}
          </Row>
        ) : null}
        <Row label="Reward">
          <Points amount={form.reward_amount} /> per member
        </Row>
        <LimitRows maxParticipants={form.max_participants} deadline={form.deadline} />
        <Row label="Verification">{automatic ? 'Verified automatically' : 'Reviewed by you (the creator)'}</Row>
        <TagsRow tags={form.tags} />
        {form.participation_requirements.trim() ? (
          <Row label="Requirements">{form.participation_requirements.trim()}</Row>
        ) : null}
        {form.completion_criteria.trim() ? (
          <Row label="Completion criteria">{form.completion_criteria.trim()}</Row>
        ) : null}
        <Row label="Media">{mediaText(media, edit ? coverText(edit) : 'None')}</Row>
      </dl>
      {edit ? (
        <EscrowChangeNote change={edit.escrow} balance={balance} />
      ) : (
        <div
          className="rounded-2xl border border-accent/40 bg-accent-soft p-4 text-sm text-accent-foreground"
          data-testid="escrow-note"
        >
          {escrow != null ? (
            <p className="font-semibold">Escrow: {formatPoints(escrow)} will be reserved from your balance</p>
          ) : (
            <p className="font-semibold">
              No maximum set: each approved reward is paid from your balance when it is approved.
            </p>
          )}
          <p className="mt-1">
            Your balance: {balance != null ? formatPoints(balance) : '…'}
            {short ? ' — not enough for this quest.' : ''}
          </p>
        </div>
      )}
    </div>
  );
}

function coverText(edit: QuestReviewEdit): string {
  if (edit.removeMedia) return 'Removed';
  return edit.currentMedia ? 'Current cover (unchanged)' : 'None';
}

/** Extra escrow taken from the balance (with the balance, and whether it is enough), or escrow returned. */
function EscrowChangeNote({ change, balance }: { change: EscrowChange | null; balance: string | undefined }) {
  if (!change) return null;
  if (change.kind === 'return')
    return (
      <div
        className="rounded-2xl border border-success/40 bg-success/10 p-4 text-sm text-foreground"
        data-testid="escrow-note"
      >
        <p className="font-semibold">{formatPoints(change.amount)} of escrow will be returned to your balance.</p>
        <p className="mt-1">The escrow (reward × places) this quest needs is smaller after this change.</p>
      </div>
    );
  const balanceNum = balance != null ? Number(balance) : null;
  const short = balanceNum != null && balanceNum < change.amount;
  return (
    <div
      className="rounded-2xl border border-accent/40 bg-accent-soft p-4 text-sm text-accent-foreground"
      data-testid="escrow-note"
    >
      <p className="font-semibold">
        Extra escrow: {change.atMost ? 'up to ' : ''}
        {formatPoints(change.amount)} will be reserved from your balance
      </p>
      <p className="mt-1">
        Your balance: {balance != null ? formatPoints(balance) : '…'}
        {short ? ' — not enough for this change.' : ''}
      </p>
    </div>
  );
}
