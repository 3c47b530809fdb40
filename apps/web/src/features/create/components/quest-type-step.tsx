import { QUEST_MSG, questTypes, type ChannelType, type QuestType } from '@wyn/contract';
import { CheckIcon } from '@/components/icons';
import { QuestTypeIcon } from '@/components/cards/type-icons';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { QUEST_TYPE_LABELS } from '@/lib/labels';
import { haptic } from '@/lib/telegram';
import { canTestAccess, channelButtonLabel, type ChannelCheckState } from '../lib/channel-check';
import { CHANNEL_TYPES, isPrivateChannelType, type FieldErrors, type QuestForm } from '../lib/quest-form';

const TYPE_HINTS: Record<QuestType, string> = {
  join: 'Members join your Telegram channel or group',
  start_bot: 'Members start a Telegram bot',
  follow: 'Members follow an Instagram account',
  post: 'Members post with your hashtag',
  watch: 'Members watch a YouTube video',
  visit: 'Members visit a website',
  message: 'Members send a message',
};

type Update = <K extends keyof QuestForm>(key: K, value: QuestForm[K]) => void;

export function QuestTypeStep({
  form,
  errors,
  update,
  channelCheck,
  onTestAccess,
}: {
  form: QuestForm;
  errors: FieldErrors;
  update: Update;
  channelCheck: ChannelCheckState;
  onTestAccess: () => void;
}) {
  return (
    <div className="flex flex-col gap-6">
      <fieldset>
        <legend className="mb-3 text-sm font-medium">
          Quest type <span className="text-destructive">*</span>
        </legend>
        <div
          role="radiogroup"
          aria-label="Quest type"
          tabIndex={-1}
          data-invalid={errors.task_type ? 'true' : undefined}
          className="grid grid-cols-1 gap-2.5 rounded-2xl focus-visible:outline-none sm:grid-cols-2"
        >
          {questTypes.map((type) => {
            const on = form.task_type === type;
            return (
              <button
                key={type}
                type="button"
                role="radio"
                aria-checked={on}
                onClick={() => {
                  if (!on) haptic.selection();
                  update('task_type', type);
                }}
                className={cn(
                  'flex min-w-0 items-center gap-3 rounded-2xl border bg-card p-3 text-left transition focus-visible:outline-2 focus-visible:outline-ring',
                  on ? 'border-primary ring-1 ring-primary' : 'border-border hover:border-primary/40',
                )}
              >
                <QuestTypeIcon type={type} className="size-10" />
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold">{QUEST_TYPE_LABELS[type]}</span>
                  <span className="block text-xs text-muted-foreground">{TYPE_HINTS[type]}</span>
                </span>
                {on ? <CheckIcon className="size-5 shrink-0 text-primary" /> : null}
              </button>
            );
          })}
        </div>
        {errors.task_type ? (
          <p className="mt-2 text-sm font-medium text-destructive" role="alert">
            {errors.task_type}
          </p>
        ) : null}
      </fieldset>

      <TypeFields form={form} errors={errors} update={update} channelCheck={channelCheck} onTestAccess={onTestAccess} />
    </div>
  );
}

function TypeFields({
  form,
  errors,
  update,
  channelCheck,
  onTestAccess,
}: {
  form: QuestForm;
  errors: FieldErrors;
  update: Update;
  channelCheck: ChannelCheckState;
  onTestAccess: () => void;
}) {
  switch (form.task_type) {
    case 'join': {
      const verified = channelCheck.status === 'verified';
      return (
        <div className="flex flex-col gap-4">
          <FormField
            label="Channel username"
            required
            error={errors.channel_username}
            hint={QUEST_MSG.channelHelp}
            labelAction={
              verified ? (
                <span
                  className="flex items-center gap-1 text-sm font-medium text-success"
                  data-testid="channel-verified"
                >
                  <CheckIcon className="size-4" /> Verified
                </span>
              ) : null
            }
          >
            <Input
              value={form.channel_username}
              onChange={(e) => update('channel_username', e.target.value)}
              placeholder="@yourchannel"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              className={cn(verified && 'border-success')}
            />
          </FormField>
          <FormField label="Channel type" required error={errors.channel_type}>
            <Select value={form.channel_type} onChange={(e) => update('channel_type', e.target.value as ChannelType)}>
              {CHANNEL_TYPES.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </Select>
          </FormField>
          {isPrivateChannelType(form.channel_type) ? (
            <FormField
              label="Invite link"
              required
              error={errors.invite_link}
              hint="Members of a private channel or group need an invite link to join."
            >
              <Input
                type="url"
                inputMode="url"
                value={form.invite_link}
                onChange={(e) => update('invite_link', e.target.value)}
                placeholder="https://t.me/+AbCdEf…"
              />
            </FormField>
          ) : null}
          <div className="rounded-2xl border border-border bg-muted/50 p-3.5 text-sm">
            <p className="text-muted-foreground">
              Add our bot as an administrator of the channel, allowed to see members and to remain anonymous, then test
              its access. Creating a join quest needs verified access.
            </p>
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <Button
                variant={verified ? 'outline' : 'secondary'}
                size="sm"
                onClick={onTestAccess}
                disabled={!canTestAccess(channelCheck, form.channel_username)}
                loading={channelCheck.status === 'checking'}
              >
                {channelButtonLabel(channelCheck)}
              </Button>
              <span aria-live="polite" className="min-w-0 flex-1">
                {channelCheck.status === 'verified' ? (
                  <span className="font-medium text-success">{channelCheck.message}</span>
                ) : channelCheck.status === 'failed' ? (
                  <span className="font-medium text-destructive">{channelCheck.message}</span>
                ) : null}
              </span>
            </div>
          </div>
        </div>
      );
    }
    case 'start_bot':
      return (
        <FormField
          label="Bot username"
          required
          error={errors.bot_username}
          hint="The Telegram bot members should start (with or without @)."
        >
          <Input
            value={form.bot_username}
            onChange={(e) => update('bot_username', e.target.value)}
            placeholder="@your_bot"
            autoCapitalize="none"
            spellCheck={false}
          />
        </FormField>
      );
    case 'follow':
      return (
        <FormField label="Instagram handle" required error={errors.social_platform}>
          <Input
            value={form.social_platform}
            onChange={(e) => update('social_platform', e.target.value)}
            placeholder="@yourbrand"
            autoCapitalize="none"
            spellCheck={false}
          />
        </FormField>
      );
    case 'post':
      return (
        <FormField label="Hashtag" required error={errors.hashtag}>
          <Input value={form.hashtag} onChange={(e) => update('hashtag', e.target.value)} placeholder="#wyn" />
        </FormField>
      );
    case 'watch':
      return (
        <FormField label="YouTube video ID" required error={errors.video_id} hint="The part after “v=” in the link.">
          <Input
            value={form.video_id}
            onChange={(e) => update('video_id', e.target.value)}
            placeholder="dQw4w9WgXcQ"
            spellCheck={false}
          />
        </FormField>
      );
    case 'visit':
      return (
        <FormField label="Target URL" required error={errors.target_url}>
          <Input
            type="url"
            inputMode="url"
            value={form.target_url}
            onChange={(e) => update('target_url', e.target.value)}
            placeholder="https://example.com"
          />
        </FormField>
      );
    case 'message':
      return (
        <p className="rounded-2xl border border-border bg-muted/50 p-3.5 text-sm text-muted-foreground">
          Describe who to message and what to send in the quest details. Members submit proof, and you review it.
        </p>
      );
    default:
      return null;
  }
}
