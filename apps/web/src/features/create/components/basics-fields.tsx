import type { ReactNode } from 'react';
import { LIMITS, MIN_LEVEL_MAX } from '@wyn/contract';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { TagRef } from '../lib/quest-form';
import type { MediaState } from '../lib/use-media-upload';
import { MediaUpload } from './media-upload';
import { TagPicker } from './tag-picker';

/** The fields a quest and a perk both have on their Details step. */
export interface BasicsValues {
  title: string;
  description: string;
  tags: TagRef[];
  max_participants: string;
  deadline: string;
  /** Members below this level may not take part (quest) or redeem (perk); empty for anyone. */
  min_level: string;
}

interface BasicsUpdate {
  (key: 'title' | 'description' | 'max_participants' | 'deadline' | 'min_level', value: string): void;
  (key: 'tags', value: TagRef[]): void;
}

/** "2026-06-01T12:00" for the datetime-local minimum. */
function localNow(): string {
  const d = new Date();
  d.setSeconds(0, 0);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/**
 * Title, description, media, tags, amount, max participants and deadline, followed by the
 * step's own fields (`children`).
 */
export function BasicsFields({
  form,
  errors,
  update,
  placeholders,
  amount,
  limits,
  media,
  onPickMedia,
  onClearMedia,
  header,
  beforeMedia,
  children,
}: {
  form: BasicsValues;
  errors: Partial<Record<keyof BasicsValues, string>>;
  update: BasicsUpdate;
  placeholders: { title: string; description: string };
  /** The reward (quest) or cost (perk) field. */
  amount: {
    label: string;
    hint: string;
    placeholder: string;
    value: string;
    error: string | undefined;
    onChange: (value: string) => void;
    /** Edit: the server no longer lets it change (the hint says why). */
    disabled?: boolean;
  };
  /** Edit: what the quest's state allows for max participants and the deadline. */
  limits?: {
    maxHint?: string;
    maxDisabled?: boolean;
    /** Members who already joined: the lowest maximum. */
    maxMin?: number;
    deadlineHint?: string;
    deadlineDisabled?: boolean;
    /** The earliest deadline allowed (datetime-local), when later than now. */
    deadlineMin?: string;
  };
  media: MediaState;
  onPickMedia: (file: File) => void;
  onClearMedia: () => void;
  /** Shown above the title (the edit screen's fixed type). */
  header?: ReactNode;
  beforeMedia?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-5">
      {header}
      <FormField label="Title" required error={errors.title}>
        <Input
          value={form.title}
          maxLength={LIMITS.titleMax}
          onChange={(e) => update('title', e.target.value)}
          placeholder={placeholders.title}
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
          placeholder={placeholders.description}
        />
      </FormField>

      {beforeMedia}
      <MediaUpload state={media} onPick={onPickMedia} onClear={onClearMedia} />

      <TagPicker value={form.tags} onChange={(tags) => update('tags', tags)} />

      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <FormField label={amount.label} required error={amount.error} hint={amount.hint}>
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            disabled={amount.disabled}
            value={amount.value}
            onChange={(e) => amount.onChange(e.target.value)}
            placeholder={amount.placeholder}
          />
        </FormField>
        <FormField
          label="Max participants"
          error={errors.max_participants}
          hint={limits?.maxHint ?? 'Leave empty for unlimited.'}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={Math.max(1, limits?.maxMin ?? 1)}
            step={1}
            disabled={limits?.maxDisabled}
            value={form.max_participants}
            onChange={(e) => update('max_participants', e.target.value)}
            placeholder="Unlimited"
          />
        </FormField>
      </div>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <FormField label="Deadline" error={errors.deadline} hint={limits?.deadlineHint ?? 'Optional.'}>
          <Input
            type="datetime-local"
            min={limits?.deadlineMin && limits.deadlineMin > localNow() ? limits.deadlineMin : localNow()}
            disabled={limits?.deadlineDisabled}
            value={form.deadline}
            onChange={(e) => update('deadline', e.target.value)}
          />
        </FormField>
        <FormField
          label="Minimum level"
          error={errors.min_level}
          hint="Members below it are told how much XP they need. Empty for anyone."
        >
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            max={MIN_LEVEL_MAX}
            step={1}
            value={form.min_level}
            onChange={(e) => update('min_level', e.target.value)}
            placeholder="Anyone"
          />
        </FormField>
      </div>
      {children}
    </div>
  );
}
