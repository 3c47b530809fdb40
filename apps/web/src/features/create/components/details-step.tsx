import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import type { FieldErrors, QuestForm } from '../lib/quest-form';
import type { MediaState } from '../lib/use-media-upload';
import { BasicsFields } from './basics-fields';

type Update = <K extends keyof QuestForm>(key: K, value: QuestForm[K]) => void;

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
    <BasicsFields
      form={form}
      errors={errors}
      update={update}
      placeholders={{ title: 'Join our Telegram community', description: 'What should members do, and why?' }}
      amount={{
        label: 'Reward amount (W)',
        hint: 'Paid to each approved member.',
        placeholder: '25',
        value: form.reward_amount,
        error: errors.reward_amount,
        onChange: (value) => update('reward_amount', value),
      }}
      media={media}
      onPickMedia={onPickMedia}
      onClearMedia={onClearMedia}
    >
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
    </BasicsFields>
  );
}
