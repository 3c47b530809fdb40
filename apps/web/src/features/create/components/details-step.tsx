import { QUEST_MSG } from '@wyn/contract';
import { QuestTypeIcon } from '@/components/cards/type-icons';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { QUEST_TYPE_LABELS } from '@/lib/labels';
import {
  questTypeDetail,
  toLocalInput,
  type FieldErrors,
  type QuestEditLimits,
  type QuestForm,
} from '../lib/quest-form';
import type { MediaState } from '../lib/use-media-upload';
import { BasicsFields } from './basics-fields';
import { CurrentCover } from './current-cover';

type Update = <K extends keyof QuestForm>(key: K, value: QuestForm[K]) => void;

/** The edit screen's extras: the quest's state (what may change), its current cover and deadline. */
export interface QuestDetailsEdit extends QuestEditLimits {
  currentMedia: string | null;
  removeMedia: boolean;
  onRemoveMediaChange: (remove: boolean) => void;
  /** The deadline the quest has (datetime-local), '' for none. */
  initialDeadline: string;
}

export function DetailsStep({
  form,
  errors,
  update,
  media,
  onPickMedia,
  onClearMedia,
  edit,
}: {
  form: QuestForm;
  errors: FieldErrors;
  update: Update;
  media: MediaState;
  onPickMedia: (file: File) => void;
  onClearMedia: () => void;
  /** Set on the edit screen: the type is shown read-only and the quest's state limits the fields. */
  edit?: QuestDetailsEdit;
}) {
  const joined = edit?.joined ?? 0;
  const ended = edit?.ended ?? false;
  const rewardHint = ended
    ? QUEST_MSG.endedFieldsLocked
    : joined > 0
      ? QUEST_MSG.rewardLocked
      : 'Paid to each approved member.';
  return (
    <BasicsFields
      form={form}
      errors={errors}
      update={update}
      placeholders={{ title: 'Join our Telegram community', description: 'What should members do, and why?' }}
      amount={{
        label: 'Reward amount (W)',
        hint: rewardHint,
        placeholder: '25',
        value: form.reward_amount,
        error: errors.reward_amount,
        onChange: (value) => update('reward_amount', value),
        disabled: ended || joined > 0,
      }}
      header={edit ? <FixedType form={form} /> : null}
      limits={edit ? editLimits(edit) : undefined}
      media={media}
      onPickMedia={onPickMedia}
      onClearMedia={onClearMedia}
      beforeMedia={
        edit?.currentMedia && media.status === 'idle' ? (
          <CurrentCover url={edit.currentMedia} removed={edit.removeMedia} onRemovedChange={edit.onRemoveMediaChange} />
        ) : null
      }
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

function editLimits(edit: QuestDetailsEdit) {
  if (edit.ended)
    return {
      maxHint: QUEST_MSG.endedFieldsLocked,
      maxDisabled: true,
      deadlineHint: QUEST_MSG.endedFieldsLocked,
      deadlineDisabled: true,
    };
  if (edit.joined === 0) return { deadlineHint: 'Optional.' };
  return {
    maxHint: `At least ${edit.joined}: already joined.`,
    maxMin: edit.joined,
    deadlineHint: 'Members have joined: the deadline can only move later, or be removed.',
    deadlineMin: edit.initialDeadline || toLocalInput(new Date().toISOString()),
  };
}

/** The quest's type and its field, which cannot change once published (members already acted on them). */
function FixedType({ form }: { form: QuestForm }) {
  if (!form.task_type) return null;
  const detail = questTypeDetail(form);
  return (
    <div
      className="flex items-center gap-3 rounded-xl border border-border bg-muted/40 p-3 text-sm"
      data-testid="fixed-quest-type"
    >
      <QuestTypeIcon type={form.task_type} className="size-10 rounded-xl [&>svg]:size-5" />
      <div className="min-w-0">
        <p className="font-medium break-words">
          Quest type: {QUEST_TYPE_LABELS[form.task_type]}
          {detail && detail[1] ? ` · ${detail[1]}` : ''}
        </p>
        <p className="text-muted-foreground">The type and its details can&apos;t be changed.</p>
      </div>
    </div>
  );
}
