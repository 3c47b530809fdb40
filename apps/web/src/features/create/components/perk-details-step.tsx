import { LIMITS } from '@wyn/contract';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import type { PerkFieldErrors, PerkForm } from '../lib/perk-form';
import type { MediaState } from '../lib/use-media-upload';
import { BasicsFields } from './basics-fields';

type Update = <K extends keyof PerkForm>(key: K, value: PerkForm[K]) => void;

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
    <BasicsFields
      form={form}
      errors={errors}
      update={update}
      placeholders={{ title: '20% off at the Wyn shop', description: 'What do members get, and why is it worth it?' }}
      amount={{
        label: 'Cost amount (W)',
        hint: 'What members pay to redeem it.',
        placeholder: '50',
        value: form.cost_amount,
        error: errors.cost_amount,
        onChange: (value) => update('cost_amount', value),
      }}
      media={media}
      onPickMedia={onPickMedia}
      onClearMedia={onClearMedia}
      beforeMedia={
        currentMedia && media.status === 'idle' ? (
          <div className="flex items-center gap-3 rounded-xl border border-border bg-card p-2 text-sm">
            <img src={currentMedia} alt="Current perk image" className="size-14 rounded-lg object-cover" />
            <span className="text-muted-foreground">Current image. Upload a new file to replace it.</span>
          </div>
        ) : null
      }
    >
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
    </BasicsFields>
  );
}
