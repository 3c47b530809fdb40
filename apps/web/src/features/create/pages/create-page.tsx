import { useEffect, useReducer, useState } from 'react';
import { useNavigate } from 'react-router';
import { GiftIcon, TargetIcon } from '@/components/icons';
import { PageHeader } from '@/components/page-header';
import { href } from '@/config/paths';
import { errorMessage, isApiError } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { useMyWallet } from '@/lib/queries/my-wallet';
import { authSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCreatePerk } from '../api/create-perk';
import { useCreateQuest } from '../api/create-quest';
import { useValidateChannel } from '../api/validate-channel';
import { DetailsStep } from '../components/details-step';
import { PerkWizard } from '../components/perk-wizard';
import { QuestTypeStep } from '../components/quest-type-step';
import { ReviewStep } from '../components/review-step';
import { WizardFrame } from '../components/wizard-frame';
import { STEP_LABELS } from '../components/wizard-steps';
import { CHANNEL_MSG, channelCheckErrorMessage, channelCheckReducer, initialChannelCheck } from '../lib/channel-check';
import {
  buildQuestPayload,
  emptyQuestForm,
  finalCheck,
  validateStep1,
  validateStep2,
  WIZARD_MSG,
  type CreateKind,
  type FieldErrors,
  type QuestForm,
} from '../lib/quest-form';
import {
  buildPerkPayload,
  emptyPerkForm,
  PERK_FORM_MSG,
  perkCreateErrorMessage,
  type PerkForm,
} from '../lib/perk-form';
import { useMediaUpload } from '../lib/use-media-upload';
import { backStep, LAST_STEP, nextStep } from '../lib/wizard-nav';

const CHANNEL_FIELDS: (keyof QuestForm)[] = ['channel_username', 'task_type'];

export default function CreatePage() {
  useDocumentTitle('Create');
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [kind, setKind] = useState<CreateKind>('quest');
  const [form, setForm] = useState<QuestForm>(emptyQuestForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [channelCheck, dispatchChannel] = useReducer(channelCheckReducer, initialChannelCheck);
  const media = useMediaUpload();
  const validate = useValidateChannel();
  const create = useCreateQuest();
  const wallet = useMyWallet();
  const [perkForm, setPerkForm] = useState<PerkForm>(emptyPerkForm);
  const [perkError, setPerkError] = useState<string | null>(null);
  const perkMedia = useMediaUpload();
  const exclusiveMedia = useMediaUpload('exclusive');
  const createPerk = useCreatePerk();

  // Switching between quest and perk clears the other's amount field (docs/spec/01-signin-home-create.md §4).
  const chooseKind = (next: CreateKind) => {
    if (next === kind) return;
    setKind(next);
    if (next === 'perk') setForm((f) => ({ ...f, reward_amount: '' }));
    else setPerkForm((f) => ({ ...f, cost_amount: '' }));
  };

  const submitPerk = (values: PerkForm) => {
    if (!authSession.get().token) {
      setPerkError(WIZARD_MSG.authRequired);
      notify.error(WIZARD_MSG.authRequired);
      return;
    }
    const mediaUrl = perkMedia.state.status === 'success' ? perkMedia.state.url : null;
    createPerk.mutate(buildPerkPayload(values, mediaUrl), {
      onSuccess: (perk) => {
        notify.success(PERK_FORM_MSG.created);
        void navigate(href.perk(perk.id));
      },
      onError: (e) => {
        const message =
          isApiError(e) && e.kind === 'http'
            ? perkCreateErrorMessage(e.data, e.message || PERK_FORM_MSG.createFailed)
            : errorMessage(e, PERK_FORM_MSG.createFailed);
        setPerkError(message);
        notify.error(message || PERK_FORM_MSG.createFailed);
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
        if (res.valid) notify.success(CHANNEL_MSG.verifiedTitle, { description: CHANNEL_MSG.verified });
        else notify.error(CHANNEL_MSG.failedTitle, { description: res.message?.trim() || CHANNEL_MSG.failed });
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
      setSubmitError(WIZARD_MSG.authRequired);
      notify.error(WIZARD_MSG.authRequired);
      return;
    }
    const mediaUrl = media.state.status === 'success' ? media.state.url : null;
    create.mutate(buildQuestPayload(form, mediaUrl), {
      onSuccess: (quest) => {
        notify.success(WIZARD_MSG.created);
        void navigate(href.quest(quest.id));
      },
      onError: (e) => {
        const message = errorMessage(e, WIZARD_MSG.createFailed);
        setSubmitError(message);
        notify.error(message || WIZARD_MSG.createFailed);
      },
    });
  };

  const perk = kind === 'perk';
  if (perk && step >= 1) {
    return (
      <div className="mx-auto w-full max-w-2xl px-4 pb-8 md:px-6">
        <PageHeader title="Create" />
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
            <p className="mt-1 text-center text-sm text-muted-foreground">{WIZARD_MSG.botAccessRequired}</p>
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
            onClick={() => onChange(value)}
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
