import { Points } from '@/components/cards/points';
import { QuestTypeIcon } from '@/components/cards/type-icons';
import { Alert } from '@/components/ui/alert';
import { formatPoints } from '@/lib/format';
import { QUEST_TYPE_LABELS } from '@/lib/labels';
import { CHANNEL_TYPES, escrowAmount, normalizeChannelUsername, type QuestForm } from '../lib/quest-form';
import type { MediaState } from '../lib/use-media-upload';
import { DescriptionRow, LimitRows, mediaText, ReviewHeading, ReviewRow as Row, TagsRow } from './review-summary';

function typeDetail(form: QuestForm): [string, string] | null {
  switch (form.task_type) {
    case 'join': {
      const type = CHANNEL_TYPES.find((t) => t.value === form.channel_type)?.label ?? '';
      return ['Channel', `@${normalizeChannelUsername(form.channel_username)} · ${type}`];
    }
    case 'start_bot':
      return ['Bot', `@${form.bot_username.trim().replace(/^@+/, '')}`];
    case 'follow':
      return ['Instagram', form.social_platform.trim()];
    case 'post':
      return ['Hashtag', form.hashtag.trim()];
    case 'watch':
      return ['YouTube video', form.video_id.trim()];
    case 'visit':
      return ['Link', form.target_url.trim()];
    default:
      return null;
  }
}

export function ReviewStep({
  form,
  media,
  balance,
  botVerified,
  error,
}: {
  form: QuestForm;
  media: MediaState;
  balance: string | undefined;
  botVerified: boolean;
  error: string | null;
}) {
  const escrow = escrowAmount(form);
  const detail = typeDetail(form);
  const balanceNum = balance != null ? Number(balance) : null;
  const reward = Number(form.reward_amount);
  const needed = escrow ?? reward;
  const short = balanceNum != null && Number.isFinite(needed) && balanceNum < needed;
  const automatic = form.task_type === 'join';

  return (
    <div className="flex flex-col gap-4">
      {error ? <Alert title="Can't create the quest yet">{error}</Alert> : null}
      <ReviewHeading
        icon={form.task_type ? <QuestTypeIcon type={form.task_type} /> : null}
        kind={form.task_type ? QUEST_TYPE_LABELS[form.task_type] : 'Quest'}
        title={form.title.trim() || 'Untitled Quest'}
        media={media}
      />
      <dl className="divide-y divide-border rounded-2xl border border-border bg-card px-4">
        <DescriptionRow description={form.description} />
        {detail ? <Row label={detail[0]}>{detail[1]}</Row> : null}
        {form.task_type === 'join' ? (
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
        <Row label="Media">{mediaText(media, 'None')}</Row>
      </dl>
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
    </div>
  );
}
