import { MSG, PERK_MSG, QUEST_MSG } from '@wyn/contract';
import { useEffect, useReducer, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { GiftIcon, TargetIcon } from '@/components/icons';
import { PageHeader } from '@/components/page-header';
import { Spinner } from '@/components/ui/spinner';
import { href } from '@/config/paths';
import { errorMessage, isApiError } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { useMyWallet } from '@/lib/queries/my-wallet';
import { authSession } from '@/lib/session';
import { haptic, useClosingConfirmation } from '@/lib/telegram';
import { notify, useToastScope } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCreatePerk } from '../api/create-perk';
import { useCreateQuest } from '../api/create-quest';
import { usePerkDuplicate } from '../api/get-perk-duplicate';
import { useQuestDuplicate } from '../api/get-quest-duplicate';
import { useValidateChannel } from '../api/validate-channel';
import { DetailsStep } from '../components/details-step';
import { PerkWizard } from '../components/perk-wizard';
import { QuestTypeStep } from '../components/quest-type-step';
import { ReviewStep } from '../components/review-step';
import { WizardFrame } from '../components/wizard-frame';
import { STEP_LABELS } from '../components/wizard-steps';
import { mediaKindOfUrl, parseDuplicateParam, perkDuplicateToForm, questDuplicateToForm } from '../lib/duplicate';
import { CHANNEL_MSG, channelCheckErrorMessage, channelCheckReducer, initialChannelCheck } from '../lib/channel-check';
import {
  buildQuestPayload,
  emptyQuestForm,
  finalCheck,
  validateStep1,
  validateStep2,
  type CreateKind,
  type FieldErrors,
  type QuestForm,
} from '../lib/quest-form';
import { buildPerkPayload, emptyPerkForm, perkCreateErrorMessage, type PerkForm } from '../lib/perk-form';
import { useMediaUpload, type UploadedMedia } from '../lib/use-media-upload';
import { backStep, LAST_STEP, nextStep } from '../lib/wizard-nav';

const CHANNEL_FIELDS: (keyof QuestForm)[] = ['channel_username', 'task_type'];

export const DUPLICATE_MSG = {
  loading: 'Copying…',
  forbidden: 'You can only duplicate your own quests and perks.',
  failed: "Couldn't copy it. Please try again.",
  note: (title: string, kind: CreateKind) =>
    `A copy of “${title}”. Review it and publish it as a new ${kind}; nothing is saved until you do.`,
} as const;

/** A filled-in wizard: the copy of a quest or perk (`?duplicate=quest:<id>` / `perk:<id>`). */
interface CreateInitial {
  kind: CreateKind;
  quest?: QuestForm;
  perk?: PerkForm;
  media: UploadedMedia | null;
  sourceTitle: string;
}

const copiedCover = (url: string | undefined): UploadedMedia | null =>
  url ? { url, kind: mediaKindOfUrl(url), name: 'Cover of the original' } : null;

/** /create, or /create?duplicate=…: the wizard opens with the copy once the server answered it. */
export default function CreatePage() {
  useDocumentTitle('Create');
  // The wizard's toasts (channel checks, uploads, errors) leave with it.
  useToastScope();
  const [search, setSearch] = useSearchParams();
  const source = parseDuplicateParam(search.get('duplicate'));
  const questCopy = useQuestDuplicate(source?.kind === 'quest' ? source.id : null);
  const perkCopy = usePerkDuplicate(source?.kind === 'perk' ? source.id : null);
  const copy = source?.kind === 'perk' ? perkCopy : questCopy;

  // A copy that cannot be made (another member's, hidden by staff, gone) leaves a toast and a blank wizard.
  const copyError = source && copy.isError ? copy.error : null;
  useEffect(() => {
    if (!copyError) return;
    const status = isApiError(copyError) ? copyError.status : 0;
    notify.error(status === 403 ? DUPLICATE_MSG.forbidden : errorMessage(copyError, DUPLICATE_MSG.failed));
    setSearch({}, { replace: true });
  }, [copyError, setSearch]);

  if (source && copy.isPending) {
    return (
      <div className="mx-auto w-full max-w-2xl px-4 pb-8 md:px-6">
        <PageHeader title="Create" />
        <div className="flex justify-center py-16">
          <Spinner label={DUPLICATE_MSG.loading} />
        </div>
      </div>
    );
  }
  if (source && questCopy.data && source.kind === 'quest') {
    const { body, tags, sourceTitle } = questCopy.data;
    const initial: CreateInitial = {
      kind: 'quest',
      quest: questDuplicateToForm(body, tags),
      media: copiedCover(body.media),
      sourceTitle,
    };
    return <CreateWizard key={`quest:${source.id}`} initial={initial} />;
  }
  if (source && perkCopy.data && source.kind === 'perk') {
    const { body, tags, sourceTitle } = perkCopy.data;
    const initial: CreateInitial = {
      kind: 'perk',
      perk: perkDuplicateToForm(body, tags),
      media: copiedCover(body.media),
      sourceTitle,
    };
    return <CreateWizard key={`perk:${source.id}`} initial={initial} />;
  }
  return <CreateWizard key="new" initial={null} />;
}

function CopyNote({ initial }: { initial: CreateInitial | null }) {
  if (!initial) return null;
  return (
    <p
      role="status"
      data-testid="duplicate-note"
      className="mb-3 rounded-xl border border-primary/30 bg-primary-soft px-3 py-2 text-sm text-foreground"
    >
      {DUPLICATE_MSG.note(initial.sourceTitle, initial.kind)}
    </p>
  );
}

function CreateWizard({ initial }: { initial: CreateInitial | null }) {
  const navigate = useNavigate();
  // A copy opens on its type step, filled in: the creator walks through it and publishes.
  const [step, setStep] = useState(initial ? 1 : 0);
  const [kind, setKind] = useState<CreateKind>(initial?.kind ?? 'quest');
  const [form, setForm] = useState<QuestForm>(initial?.quest ?? emptyQuestForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [channelCheck, dispatchChannel] = useReducer(channelCheckReducer, initialChannelCheck);
  const media = useMediaUpload('public', initial?.kind === 'quest' ? initial.media : null);
  const validate = useValidateChannel();
  const create = useCreateQuest();
  const wallet = useMyWallet();
  const [perkForm, setPerkForm] = useState<PerkForm>(initial?.perk ?? emptyPerkForm);
  const [perkError, setPerkError] = useState<string | null>(null);
  const perkMedia = useMediaUpload('public', initial?.kind === 'perk' ? initial.media : null);
  const exclusiveMedia = useMediaUpload('exclusive');
  const createPerk = useCreatePerk();
  // Inside Telegram, closing asks first while the wizard holds input.
  const hasMedia = [media, perkMedia, exclusiveMedia].some((m) => m.state.status !== 'idle');
  useClosingConfirmation(hasMedia || !sameFields(form, emptyQuestForm) || !sameFields(perkForm, emptyPerkForm));

  // Switching between quest and perk clears the other's amount field (docs/spec/01-signin-home-create.md §4).
  const chooseKind = (next: CreateKind) => {
    if (next === kind) return;
    setKind(next);
    if (next === 'perk') setForm((f) => ({ ...f, reward_amount: '' }));
    else setPerkForm((f) => ({ ...f, cost_amount: '' }));
  };

  const submitPerk = (values: PerkForm) => {
    if (!authSession.get().token) {
      setPerkError(MSG.authRequired);
      notify.error(MSG.authRequired);
      return;
    }
    const mediaUrl = perkMedia.state.status === 'success' ? perkMedia.state.url : null;
    createPerk.mutate(buildPerkPayload(values, mediaUrl), {
      onSuccess: (perk) => {
        haptic.success();
        notify.success(PERK_MSG.createSuccess, { outlive: true });
        void navigate(href.perk(perk.id));
      },
      onError: (e) => {
        const message =
          isApiError(e) && e.kind === 'http'
            ? perkCreateErrorMessage(e.data, e.message || PERK_MSG.createFailed)
            : errorMessage(e, PERK_MSG.createFailed);
        setPerkError(message);
        haptic.error();
        notify.error(message || PERK_MSG.createFailed);
      },
    });
  };

  const update = <K extends keyof QuestForm>(key: K, value: QuestForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
    setSubmitError(null);
    if (CHANNEL_FIELDS.includes(key)) dispatchChannel({ type: 'input-changed' });
  };

  const testAccess = () => {
    dispatchChannel({ type: 'start' });
    validate.mutate(form.channel_username, {
      onSuccess: (res) => {
        dispatchChannel({ type: 'result', valid: res.valid, message: res.message });
        if (res.valid) notify.success(CHANNEL_MSG.verifiedTitle, { description: QUEST_MSG.channelOk });
        else notify.error(CHANNEL_MSG.failedTitle, { description: res.message?.trim() || QUEST_MSG.channelNoAccess });
      },
      onError: (e) => {
        const message = channelCheckErrorMessage(e);
        dispatchChannel({ type: 'error', message });
        notify.error(CHANNEL_MSG.failedTitle, { description: message, id: 'channel-check' });
      },
    });
  };

  // After a failed Next, move focus to the first invalid field.
  const [focusTick, setFocusTick] = useState(0);
  useEffect(() => {
    if (focusTick === 0) return;
    const el = document.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]');
    el?.focus();
    el?.scrollIntoView?.({ block: 'center' });
  }, [focusTick]);

  const goNext = () => {
    if (step === 1) {
      const r = validateStep1(form);
      setErrors(r.errors);
      if (!r.ok) {
        if (r.message) notify.error(r.message);
        setFocusTick((t) => t + 1);
        return;
      }
    }
    if (step === 2) {
      const r = validateStep2(form);
      setErrors(r.errors);
      if (!r.ok) {
        if (r.message) notify.error(r.message);
        setFocusTick((t) => t + 1);
        return;
      }
    }
    setStep(nextStep(step));
    window.scrollTo?.({ top: 0 });
  };

  const goBack = () => {
    setErrors({});
    setSubmitError(null);
    setStep(backStep(step));
  };

  const botVerified = channelCheck.status === 'verified';
  const uploading = media.state.status === 'uploading';

  const submit = () => {
    const problem = finalCheck(form, botVerified);
    if (problem) {
      setSubmitError(problem);
      notify.error(problem);
      return;
    }
    if (!authSession.get().token) {
      setSubmitError(MSG.authRequired);
      notify.error(MSG.authRequired);
      return;
    }
    const mediaUrl = media.state.status === 'success' ? media.state.url : null;
    create.mutate(buildQuestPayload(form, mediaUrl), {
      onSuccess: (quest) => {
        haptic.success();
        notify.success(QUEST_MSG.createSuccess, { outlive: true });
        void navigate(href.quest(quest.id));
      },
      onError: (e) => {
        const message = errorMessage(e, QUEST_MSG.createFailed);
        setSubmitError(message);
        haptic.error();
        notify.error(message || QUEST_MSG.createFailed);
      },
    });
  };

  const perk = kind === 'perk';
  if (perk && step >= 1) {
    return (
      <div className="mx-auto w-full max-w-2xl px-4 pb-8 md:px-6">
        <PageHeader title="Create" />
        <CopyNote initial={initial} />
        <PerkWizard
          step={step}
          setStep={setStep}
          form={perkForm}
          setForm={setPerkForm}
          media={perkMedia}
          exclusive={exclusiveMedia}
          onSubmit={submitPerk}
          submitting={createPerk.isPending}
          submitError={perkError}
          setSubmitError={setPerkError}
          onExit={() => setStep(0)}
        />
      </div>
    );
  }
  const submitDisabled = create.isPending || uploading || (form.task_type === 'join' && !botVerified);

  return (
    <div className="mx-auto w-full max-w-2xl px-4 pb-8 md:px-6">
      <PageHeader title="Create" />
      <CopyNote initial={initial} />
      <WizardFrame
        step={step}
        labels={perk ? ['Create Type', 'Perk Type', 'Details', 'Review & Submit'] : STEP_LABELS}
        title={step === 1 && perk ? 'Perk Type' : STEP_LABELS[step]}
        showBack={step > 0}
        onBack={goBack}
        onNext={goNext}
        onSubmit={submit}
        submitting={create.isPending}
        submitDisabled={submitDisabled}
        submitLabel={create.isPending ? 'Creating…' : 'Create Quest'}
        uploading={uploading}
        notice={
          step === LAST_STEP && form.task_type === 'join' && !botVerified ? (
            <p className="mt-1 text-center text-sm text-muted-foreground">{QUEST_MSG.botAccessRequired}</p>
          ) : null
        }
      >
        {step === 0 ? (
          <KindPicker kind={kind} onChange={chooseKind} />
        ) : step === 1 ? (
          <QuestTypeStep
            form={form}
            errors={errors}
            update={update}
            channelCheck={channelCheck}
            onTestAccess={testAccess}
          />
        ) : step === 2 ? (
          <DetailsStep
            form={form}
            errors={errors}
            update={update}
            media={media.state}
            onPickMedia={(f) => void media.upload(f)}
            onClearMedia={media.clear}
          />
        ) : (
          <ReviewStep
            form={form}
            media={media.state}
            balance={wallet.data?.balance}
            botVerified={botVerified}
            error={submitError}
          />
        )}
      </WizardFrame>
    </div>
  );
}

/** Whether two flat forms hold the same values. */
function sameFields<T extends object>(a: T, b: T): boolean {
  return (Object.keys(b) as (keyof T)[]).every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));
}

function KindPicker({ kind, onChange }: { kind: CreateKind; onChange: (k: CreateKind) => void }) {
  const options = [
    {
      value: 'quest' as const,
      title: 'Create Quest',
      text: 'Reward members with W for joining, following, posting or visiting.',
      Icon: TargetIcon,
    },
    {
      value: 'perk' as const,
      title: 'Create Perk',
      text: 'Offer invites, codes, events or exclusive content members buy with W.',
      Icon: GiftIcon,
    },
  ];
  return (
    <div role="radiogroup" aria-label="What do you want to create?" className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {options.map(({ value, title, text, Icon }) => {
        const on = kind === value;
        return (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={on}
            onClick={() => {
              if (!on) haptic.selection();
              onChange(value);
            }}
            className={cn(
              'flex items-start gap-3 rounded-2xl border bg-card p-4 text-left transition focus-visible:outline-2 focus-visible:outline-ring',
              on ? 'border-primary ring-1 ring-primary' : 'border-border hover:border-primary/40',
            )}
          >
            <span
              className={cn(
                'flex size-11 shrink-0 items-center justify-center rounded-2xl',
                on ? 'bg-primary text-primary-foreground' : 'bg-primary-soft text-primary',
              )}
            >
              <Icon className="size-5" />
            </span>
            <span className="min-w-0">
              <span className="block font-semibold">{title}</span>
              <span className="mt-0.5 block text-sm text-muted-foreground">{text}</span>
            </span>
          </button>
        );
      })}
    </div>
  );
}
