import type { ReactNode } from 'react';
import { Points } from '@/components/cards/points';
import { PerkTypeArt } from '@/components/cards/type-icons';
import { Alert } from '@/components/ui/alert';
import { PERK_TYPE_LABELS } from '@/lib/labels';
import { CONTENT_TYPE_OPTIONS, type PerkForm } from '../lib/perk-form';
import type { MediaState } from '../lib/use-media-upload';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:gap-4">
      <dt className="shrink-0 text-sm text-muted-foreground sm:w-40">{label}</dt>
      <dd className="min-w-0 text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

function mediaText(media: MediaState, fallback: string): string {
  if (media.status === 'success') return 'Uploaded';
  if (media.status === 'local') return 'Local preview only (will not be saved)';
  if (media.status === 'uploading') return 'Uploading…';
  return fallback;
}

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
      <div className="flex items-center gap-3">
        {form.perk_type ? <PerkTypeArt type={form.perk_type} className="size-11 shrink-0 rounded-2xl" /> : null}
        <div className="min-w-0">
          <p className="text-xs font-medium text-muted-foreground">
            {form.perk_type ? PERK_TYPE_LABELS[form.perk_type] : 'Perk'}
          </p>
          <h2 className="text-lg leading-snug font-semibold break-words">{form.title.trim() || 'Untitled Perk'}</h2>
        </div>
      </div>
      {media.status !== 'idle' && media.status !== 'error' && media.kind === 'Image' ? (
        <img src={media.previewUrl} alt="" className="aspect-video w-full rounded-2xl object-cover" />
      ) : null}
      <dl className="divide-y divide-border rounded-2xl border border-border bg-card px-4">
        <Row label="Description">
          <span className="font-normal whitespace-pre-line">{form.description.trim()}</span>
        </Row>
        {delivery ? <Row label={delivery[0]}>{delivery[1]}</Row> : null}
        <Row label="Cost">
          <Points amount={form.cost_amount || 0} />
        </Row>
        <Row label="Max participants">{form.max_participants.trim() || 'Unlimited'}</Row>
        <Row label="Deadline">{form.deadline ? new Date(form.deadline).toLocaleString() : 'No deadline'}</Row>
        {form.tags.length > 0 ? <Row label="Tags">{form.tags.map((t) => `#${t.name}`).join(' ')}</Row> : null}
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
