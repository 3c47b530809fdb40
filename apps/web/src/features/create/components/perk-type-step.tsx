import { CheckIcon, LockIcon } from '@/components/icons';
import { PerkTypeArt } from '@/components/cards/type-icons';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { LIMITS } from '@wyn/contract';
import { cn } from '@/lib/cn';
import { haptic } from '@/lib/telegram';
import {
  CONTENT_TYPE_OPTIONS,
  PERK_TYPE_OPTIONS,
  type ContentType,
  type PerkFieldErrors,
  type PerkForm,
} from '../lib/perk-form';
import { IMAGE_ACCEPT, VIDEO_ACCEPT } from '../lib/upload-policy';
import type { MediaState } from '../lib/use-media-upload';
import { MediaUpload } from './media-upload';

type Update = <K extends keyof PerkForm>(key: K, value: PerkForm[K]) => void;

/** Step 1 of a perk: the perk type (fixed when editing) and its delivery fields. */
export function PerkTypeStep({
  form,
  errors,
  update,
  media,
  onPickMedia,
  onClearMedia,
  typeLocked = false,
}: {
  form: PerkForm;
  errors: PerkFieldErrors;
  update: Update;
  media: MediaState;
  onPickMedia: (file: File) => void;
  onClearMedia: () => void;
  typeLocked?: boolean;
}) {
  return (
    <div className="flex flex-col gap-6">
      <fieldset>
        <legend className="mb-3 text-sm font-medium">
          Perk type <span className="text-destructive">*</span>
        </legend>
        {typeLocked ? (
          <p className="mb-3 flex items-center gap-1.5 text-xs text-muted-foreground">
            <LockIcon className="size-3.5" /> The type of an existing perk can&apos;t be changed.
          </p>
        ) : null}
        <div
          role="radiogroup"
          aria-label="Perk type"
          tabIndex={-1}
          data-invalid={errors.perk_type ? 'true' : undefined}
          className="grid grid-cols-1 gap-2.5 rounded-2xl focus-visible:outline-none sm:grid-cols-2"
        >
          {PERK_TYPE_OPTIONS.map(({ value, label, text }) => {
            const on = form.perk_type === value;
            const disabled = typeLocked && !on;
            return (
              <button
                key={value}
                type="button"
                role="radio"
                aria-checked={on}
                disabled={disabled}
                onClick={() => {
                  if (!on) haptic.selection();
                  update('perk_type', value);
                }}
                className={cn(
                  'flex min-w-0 items-center gap-3 rounded-2xl border bg-card p-3 text-left transition focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-45',
                  on ? 'border-primary ring-1 ring-primary' : 'border-border hover:border-primary/40',
                )}
              >
                <PerkTypeArt type={value} className="size-10 shrink-0 rounded-xl" />
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold">{label}</span>
                  <span className="block text-xs text-muted-foreground">{text}</span>
                </span>
                {on ? <CheckIcon className="size-5 shrink-0 text-primary" /> : null}
              </button>
            );
          })}
        </div>
        {errors.perk_type ? (
          <p className="mt-2 text-sm font-medium text-destructive" role="alert">
            {errors.perk_type}
          </p>
        ) : null}
      </fieldset>

      {form.perk_type === 'telegram_invite' ? (
        <FormField
          label="Telegram invite link"
          required
          error={errors.telegram_url}
          hint="Buyers receive this link after redeeming, e.g. https://t.me/+AbCdEf"
        >
          <Input
            type="url"
            inputMode="url"
            value={form.telegram_url}
            maxLength={500}
            onChange={(e) => update('telegram_url', e.target.value)}
            placeholder="https://t.me/+invite"
          />
        </FormField>
      ) : form.perk_type === 'discount_code' ? (
        <FormField
          label="Discount code"
          required
          error={errors.discount_code}
          hint="Only buyers see the code after redeeming."
        >
          <Input
            value={form.discount_code}
            maxLength={200}
            autoCapitalize="characters"
            onChange={(e) => update('discount_code', e.target.value)}
            placeholder="WYN-20OFF"
          />
        </FormField>
      ) : form.perk_type === 'event_invitation' ? (
        <FormField
          label="Event details"
          required
          error={errors.event_details}
          hint="Date, place and how to get in; shown to buyers after redeeming."
        >
          <Textarea
            rows={4}
            value={form.event_details}
            maxLength={LIMITS.descriptionMax}
            onChange={(e) => update('event_details', e.target.value)}
            placeholder="Saturday 7 pm, Wyn Café, 12 Main Street. Show this message at the door."
          />
        </FormField>
      ) : form.perk_type === 'exclusive_content' ? (
        <ExclusiveContentEditor
          form={form}
          errors={errors}
          update={update}
          media={media}
          onPickMedia={onPickMedia}
          onClearMedia={onClearMedia}
        />
      ) : null}
    </div>
  );
}

function ExclusiveContentEditor({
  form,
  errors,
  update,
  media,
  onPickMedia,
  onClearMedia,
}: {
  form: PerkForm;
  errors: PerkFieldErrors;
  update: Update;
  media: MediaState;
  onPickMedia: (file: File) => void;
  onClearMedia: () => void;
}) {
  const isMedia = form.content_type === 'images' || form.content_type === 'video';
  const existing = form.permanent_media_url || form.media_urls[0] || '';
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-border bg-muted/30 p-3 sm:p-4">
      <div>
        <p className="mb-2 text-sm font-medium" id="content-type-label">
          Exclusive content <span className="text-destructive">*</span>
        </p>
        <Tabs value={form.content_type} onValueChange={(v) => update('content_type', v as ContentType)}>
          <TabsList className="grid w-full grid-cols-4" aria-labelledby="content-type-label">
            {CONTENT_TYPE_OPTIONS.map((o) => (
              <TabsTrigger key={o.value} value={o.value} className="px-1">
                {o.label}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
        {errors.content_type ? (
          <p className="mt-2 text-sm font-medium text-destructive" role="alert">
            {errors.content_type}
          </p>
        ) : null}
      </div>

      {form.content_type === 'text' ? (
        <FormField label="Text content" required error={errors.text_body} hint="Revealed to buyers after redeeming.">
          <Textarea
            rows={5}
            value={form.text_body}
            maxLength={LIMITS.descriptionMax}
            onChange={(e) => update('text_body', e.target.value)}
            placeholder="Your secret recipe, guide or message…"
          />
        </FormField>
      ) : form.content_type === 'link' ? (
        <FormField label="External link" required error={errors.external_link} hint="An http(s) address.">
          <Input
            type="url"
            inputMode="url"
            value={form.external_link}
            maxLength={2000}
            onChange={(e) => update('external_link', e.target.value)}
            placeholder="https://example.com/members-only"
          />
        </FormField>
      ) : null}

      {isMedia ? (
        <div className="flex flex-col gap-2">
          {media.status === 'idle' && existing ? (
            <div className="flex items-center gap-3 rounded-xl border border-border bg-card p-2 text-sm">
              {form.content_type === 'images' ? (
                <img src={existing} alt="Current exclusive media" className="size-14 rounded-lg object-cover" />
              ) : null}
              <span className="min-w-0 flex-1 truncate text-muted-foreground">Current file: {existing}</span>
            </div>
          ) : null}
          <MediaUpload
            state={media}
            onPick={onPickMedia}
            onClear={onClearMedia}
            label={form.content_type === 'video' ? 'Exclusive video' : 'Exclusive image'}
            accept={form.content_type === 'video' ? VIDEO_ACCEPT : IMAGE_ACCEPT}
            prompt={
              existing && media.status === 'idle'
                ? 'Replace the file'
                : form.content_type === 'video'
                  ? 'Upload a video'
                  : 'Upload an image'
            }
            hint={
              form.content_type === 'video'
                ? 'Videos up to 30 MB — best under 1 minute. Only image and video files are supported.'
                : 'Images up to 5 MB (JPEG, PNG, GIF, WebP). Only image and video files are supported.'
            }
            optional={Boolean(existing)}
            invalid={Boolean(errors.permanent_media_url)}
          />
          {errors.permanent_media_url ? (
            <p className="text-sm font-medium text-destructive" role="alert">
              {errors.permanent_media_url}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
