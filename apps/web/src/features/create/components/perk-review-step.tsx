import type { ReactNode } from 'react';
import { Points } from '@/components/cards/points';
import { PerkTypeArt } from '@/components/cards/type-icons';
import { Alert } from '@/components/ui/alert';
import { PERK_TYPE_LABELS } from '@/lib/labels';
import { CONTENT_TYPE_OPTIONS, type PerkForm } from '../lib/perk-form';
import type { MediaState } from '../lib/use-media-upload';
import { DescriptionRow, LimitRows, mediaText, ReviewHeading, ReviewRow as Row, TagsRow } from './review-summary';

function deliveryRow(form: PerkForm, exclusive: MediaState): [string, ReactNode] | null {
  switch (form.perk_type) {
    case 'telegram_invite':
      return ['Invite link', form.telegram_url.trim()];
    case 'discount_code':
      return ['Discount code', <code key="code">{form.discount_code.trim()}</code>];
    case 'event_invitation':
      return ['Event details', <span className="font-normal whitespace-pre-line">{form.event_details.trim()}</span>];
    case 'exclusive_content': {
      const label = CONTENT_TYPE_OPTIONS.find((o) => o.value === form.content_type)?.label ?? '';
      const body =
        form.content_type === 'text'
          ? form.text_body.trim()
          : form.content_type === 'link'
            ? form.external_link.trim()
            : mediaText(exclusive, form.permanent_media_url || form.media_urls.length ? 'Current file' : 'None');
      return [`Exclusive ${label.toLowerCase()}`, <span className="font-normal whitespace-pre-line">{body}</span>];
    }
    default:
      return null;
  }
}

/** Step 3 of a perk: the summary before creating or saving. */
export function PerkReviewStep({
  form,
  media,
  exclusiveMedia,
  error,
  editing = false,
}: {
  form: PerkForm;
  media: MediaState;
  exclusiveMedia: MediaState;
  error: string | null;
  editing?: boolean;
}) {
  const delivery = deliveryRow(form, exclusiveMedia);
  return (
    <div className="flex flex-col gap-4">
      {error ? <Alert title={editing ? "Can't save the perk yet" : "Can't create the perk yet"}>{error}</Alert> : null}
      <ReviewHeading
        icon={form.perk_type ? <PerkTypeArt type={form.perk_type} className="size-11 shrink-0 rounded-2xl" /> : null}
        kind={form.perk_type ? PERK_TYPE_LABELS[form.perk_type] : 'Perk'}
        title={form.title.trim() || 'Untitled Perk'}
        media={media}
      />
      <dl className="divide-y divide-border rounded-2xl border border-border bg-card px-4">
        <DescriptionRow description={form.description} />
        {delivery ? <Row label={delivery[0]}>{delivery[1]}</Row> : null}
        <Row label="Cost">
          <Points amount={form.cost_amount || 0} />
        </Row>
        <LimitRows maxParticipants={form.max_participants} deadline={form.deadline} />
        <TagsRow tags={form.tags} />
        {form.terms_and_conditions.trim() ? (
          <Row label="Terms and conditions">{form.terms_and_conditions.trim()}</Row>
        ) : null}
        {form.purchase_requirements.trim() ? (
          <Row label="Purchase requirements">{form.purchase_requirements.trim()}</Row>
        ) : null}
        <Row label="Media">{mediaText(media, editing ? 'Unchanged' : 'None')}</Row>
      </dl>
      <p className="rounded-2xl border border-border bg-muted/50 p-4 text-sm text-muted-foreground">
        {editing
          ? 'Only the fields you changed are saved.'
          : 'Your perk goes live as soon as it is created. Only members who redeem it see what it delivers.'}
      </p>
    </div>
  );
}
