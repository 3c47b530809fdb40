import { LIMITS } from '@wyn/contract';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { PerkFieldErrors, PerkForm } from '../lib/perk-form';
import type { MediaState } from '../lib/use-media-upload';
import { MediaUpload } from './media-upload';
import { TagPicker } from './tag-picker';

type Update = <K extends keyof PerkForm>(key: K, value: PerkForm[K]) => void;

/** "2026-06-01T12:00" for the datetime-local minimum. */
function localNow(): string {
  const d = new Date();
  d.setSeconds(0, 0);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** Step 2 of a perk: title, description, picture, tags, cost and limits. */
export function PerkDetailsStep({
  form,
  errors,
  update,
  media,
  onPickMedia,
  onClearMedia,
  currentMedia,
}: {
  form: PerkForm;
  errors: PerkFieldErrors;
  update: Update;
  media: MediaState;
  onPickMedia: (file: File) => void;
  onClearMedia: () => void;
  /** The picture the perk already has (edit). */
  currentMedia?: string | null;
}) {
  return (
    <div className="flex flex-col gap-5">
      <FormField label="Title" required error={errors.title}>
        <Input
          value={form.title}
          maxLength={LIMITS.titleMax}
          onChange={(e) => update('title', e.target.value)}
          placeholder="20% off at the Wyn shop"
        />
      </FormField>
      <FormField
        label="Description"
        required
        error={errors.description}
        hint={`At least ${LIMITS.descriptionMin} characters.`}
      >
        <Textarea
          value={form.description}
          maxLength={LIMITS.descriptionMax}
          onChange={(e) => update('description', e.target.value)}
          placeholder="What do members get, and why is it worth it?"
        />
      </FormField>

      {currentMedia && media.status === 'idle' ? (
        <div className="flex items-center gap-3 rounded-xl border border-border bg-card p-2 text-sm">
          <img src={currentMedia} alt="Current perk image" className="size-14 rounded-lg object-cover" />
          <span className="text-muted-foreground">Current image. Upload a new file to replace it.</span>
        </div>
      ) : null}
      <MediaUpload state={media} onPick={onPickMedia} onClear={onClearMedia} />

      <TagPicker value={form.tags} onChange={(tags) => update('tags', tags)} />

      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <FormField label="Cost amount (W)" required error={errors.cost_amount} hint="What members pay to redeem it.">
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={form.cost_amount}
            onChange={(e) => update('cost_amount', e.target.value)}
            placeholder="50"
          />
        </FormField>
        <FormField label="Max participants" error={errors.max_participants} hint="Leave empty for unlimited.">
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={form.max_participants}
            onChange={(e) => update('max_participants', e.target.value)}
            placeholder="Unlimited"
          />
        </FormField>
      </div>
      <FormField label="Deadline" error={errors.deadline} hint="Optional.">
        <Input
          type="datetime-local"
          min={localNow()}
          value={form.deadline}
          onChange={(e) => update('deadline', e.target.value)}
        />
      </FormField>
      <FormField label="Terms and conditions" hint="Optional: rules buyers agree to.">
        <Textarea
          rows={3}
          value={form.terms_and_conditions}
          maxLength={LIMITS.descriptionMax}
          onChange={(e) => update('terms_and_conditions', e.target.value)}
          placeholder="e.g. One use per member, valid until the end of the month"
        />
      </FormField>
      <FormField label="Purchase requirements" hint="Optional: who can redeem it.">
        <Textarea
          rows={3}
          value={form.purchase_requirements}
          maxLength={LIMITS.descriptionMax}
          onChange={(e) => update('purchase_requirements', e.target.value)}
          placeholder="e.g. Members of our community only"
        />
      </FormField>
    </div>
  );
}
