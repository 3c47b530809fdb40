import { LIMITS } from '@wyn/contract';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { FieldErrors, QuestForm } from '../lib/quest-form';
import type { MediaState } from '../lib/use-media-upload';
import { MediaUpload } from './media-upload';
import { TagPicker } from './tag-picker';

type Update = <K extends keyof QuestForm>(key: K, value: QuestForm[K]) => void;

/** "2026-06-01T12:00" for the datetime-local minimum. */
function localNow(): string {
  const d = new Date();
  d.setSeconds(0, 0);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

export function DetailsStep({
  form,
  errors,
  update,
  media,
  onPickMedia,
  onClearMedia,
}: {
  form: QuestForm;
  errors: FieldErrors;
  update: Update;
  media: MediaState;
  onPickMedia: (file: File) => void;
  onClearMedia: () => void;
}) {
  return (
    <div className="flex flex-col gap-5">
      <FormField label="Title" required error={errors.title}>
        <Input
          value={form.title}
          maxLength={LIMITS.titleMax}
          onChange={(e) => update('title', e.target.value)}
          placeholder="Join our Telegram community"
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
          placeholder="What should members do, and why?"
        />
      </FormField>

      <MediaUpload state={media} onPick={onPickMedia} onClear={onClearMedia} />

      <TagPicker value={form.tags} onChange={(tags) => update('tags', tags)} />

      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <FormField label="Reward amount (W)" required error={errors.reward_amount} hint="Paid to each approved member.">
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={form.reward_amount}
            onChange={(e) => update('reward_amount', e.target.value)}
            placeholder="25"
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
      <FormField label="Participation requirements" hint="Optional: who can take part.">
        <Textarea
          rows={3}
          value={form.participation_requirements}
          onChange={(e) => update('participation_requirements', e.target.value)}
          placeholder="e.g. Members of our community only"
        />
      </FormField>
      <FormField label="Completion criteria" hint="Optional: what counts as done, and what proof to send.">
        <Textarea
          rows={3}
          value={form.completion_criteria}
          onChange={(e) => update('completion_criteria', e.target.value)}
          placeholder="e.g. A screenshot showing you joined"
        />
      </FormField>
    </div>
  );
}
