import { isBlobUrl, PERK_MSG } from '@wyn/contract';
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { notify } from '@/lib/toast';
import {
  perkFinalCheck,
  validatePerkStep1,
  validatePerkStep2,
  type PerkFieldErrors,
  type PerkForm,
} from '../lib/perk-form';
import type { useMediaUpload } from '../lib/use-media-upload';
import { backStep, LAST_STEP, nextStep } from '../lib/wizard-nav';
import { PerkDetailsStep } from './perk-details-step';
import { PerkReviewStep } from './perk-review-step';
import { PerkTypeStep } from './perk-type-step';
import { WizardFrame } from './wizard-frame';

export const PERK_STEP_LABELS = ['Create Type', 'Perk Type', 'Details', 'Review & Submit'] as const;

type Upload = ReturnType<typeof useMediaUpload>;

const onlyImageOrVideo = (file: File) => file.type.startsWith('image/') || file.type.startsWith('video/');

/** The exclusive file just uploaded replaces what the form had; a blob: preview never counts. */
export function withExclusiveUpload(form: PerkForm, exclusive: Upload['state']): PerkForm {
  if (exclusive.status === 'success' && !isBlobUrl(exclusive.url))
    return { ...form, permanent_media_url: exclusive.url };
  return form;
}

/**
 * Steps 1–3 of a perk (docs/spec/01-signin-home-create.md §2, §5): type and delivery, details, review. Used by Create (step 0 chooses the
 * kind) and by Edit (`initial` set: the type is fixed, step 1 Back leaves the screen, the submit saves).
 */
export function PerkWizard({
  step,
  setStep,
  form,
  setForm,
  media,
  exclusive,
  onSubmit,
  submitting,
  submitError,
  setSubmitError,
  onExit,
  editing = false,
  initialDeadline,
  currentMedia,
}: {
  step: number;
  setStep: (step: number) => void;
  form: PerkForm;
  setForm: Dispatch<SetStateAction<PerkForm>>;
  media: Upload;
  exclusive: Upload;
  /** Called with the form (exclusive upload applied) once the final check passed. */
  onSubmit: (form: PerkForm) => void;
  submitting: boolean;
  submitError: string | null;
  setSubmitError: (message: string | null) => void;
  /** Back on step 1. */
  onExit: () => void;
  editing?: boolean;
  /** Edit: an unchanged deadline is not re-checked against the clock. */
  initialDeadline?: string;
  currentMedia?: string | null;
}) {
  const [errors, setErrors] = useState<PerkFieldErrors>({});
  const [focusTick, setFocusTick] = useState(0);
  useEffect(() => {
    if (focusTick === 0) return;
    const el = document.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]');
    el?.focus();
    el?.scrollIntoView?.({ block: 'center' });
  }, [focusTick]);

  const update = <K extends keyof PerkForm>(key: K, value: PerkForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => {
      const touched = key === 'content_type' ? ['text_body', 'external_link', 'permanent_media_url'] : [key];
      if (!touched.some((k) => e[k as keyof PerkForm]) && !e[key]) return e;
      const next = { ...e };
      for (const k of [...touched, key]) delete next[k as keyof PerkForm];
      return next;
    });
    setSubmitError(null);
  };

  const effective = withExclusiveUpload(form, exclusive.state);

  const pickExclusive = (file: File) => {
    if (!onlyImageOrVideo(file)) {
      exclusive.reject(PERK_MSG.onlyImageVideo);
      notify.error(PERK_MSG.onlyImageVideo);
      return;
    }
    setErrors((e) => (e.permanent_media_url ? { ...e, permanent_media_url: undefined } : e));
    void exclusive.upload(file);
  };
  const clearExclusive = () => {
    exclusive.clear();
    setForm((f) => ({ ...f, permanent_media_url: '', media_urls: [] }));
  };

  const fail = (errs: PerkFieldErrors, message: string | null) => {
    setErrors(errs);
    if (message) notify.error(message);
    setFocusTick((t) => t + 1);
  };

  const goNext = () => {
    if (step === 1) {
      const r = validatePerkStep1(effective);
      if (!r.ok) return fail(r.errors, r.message);
    }
    if (step === 2) {
      const r = validatePerkStep2(effective);
      if (editing && r.errors.deadline && form.deadline === initialDeadline) {
        const rest = { ...r.errors };
        delete rest.deadline;
        if (Object.keys(rest).length) return fail(rest, Object.values(rest)[0] ?? null);
      } else if (!r.ok) return fail(r.errors, r.message);
    }
    setErrors({});
    setStep(nextStep(step));
    window.scrollTo?.({ top: 0 });
  };

  const goBack = () => {
    setErrors({});
    setSubmitError(null);
    if (step <= 1) onExit();
    else setStep(backStep(step));
  };

  const uploading = media.state.status === 'uploading' || exclusive.state.status === 'uploading';

  const submit = () => {
    const problem = perkFinalCheck(effective);
    if (problem) {
      setSubmitError(problem);
      notify.error(problem);
      return;
    }
    onSubmit(effective);
  };

  const title = PERK_STEP_LABELS[step] ?? '';
  return (
    <WizardFrame
      step={step}
      labels={editing ? ['Perk', 'Perk Type', 'Details', 'Review & Save'] : PERK_STEP_LABELS}
      title={editing && step === LAST_STEP ? 'Review & Save' : title}
      onBack={goBack}
      onNext={goNext}
      onSubmit={submit}
      submitting={submitting}
      submitDisabled={submitting || uploading}
      submitLabel={submitting ? (editing ? 'Saving…' : 'Creating…') : editing ? 'Save Changes' : 'Create Perk'}
      uploading={uploading}
    >
      {step <= 1 ? (
        <PerkTypeStep
          form={form}
          errors={errors}
          update={update}
          media={exclusive.state}
          onPickMedia={pickExclusive}
          onClearMedia={clearExclusive}
          typeLocked={editing}
        />
      ) : step === 2 ? (
        <PerkDetailsStep
          form={form}
          errors={errors}
          update={update}
          media={media.state}
          onPickMedia={(f) => void media.upload(f)}
          onClearMedia={media.clear}
          currentMedia={currentMedia ?? null}
        />
      ) : (
        <PerkReviewStep
          form={effective}
          media={media.state}
          exclusiveMedia={exclusive.state}
          error={submitError}
          editing={editing}
        />
      )}
    </WizardFrame>
  );
}
