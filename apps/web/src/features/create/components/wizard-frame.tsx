import { useEffect, useRef, type ReactNode } from 'react';
import { ArrowLeftIcon, ArrowRightIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { haptic, useBackButton, useMainButton } from '@/lib/telegram';
import { LAST_STEP } from '../lib/wizard-nav';
import { WizardSteps } from './wizard-steps';

/**
 * The shell shared by the quest and perk wizards: the step indicator, the card with the
 * step title and body, and the sticky Back / Next Step / submit footer. Inside Telegram the footer's work is
 * done by its BackButton (a step back) and MainButton (Next Step, then the submit), and the footer hides.
 */
export function WizardFrame({
  step,
  labels,
  title,
  children,
  showBack = true,
  onBack,
  onNext,
  onSubmit,
  submitting,
  submitDisabled,
  submitLabel,
  uploading,
  notice,
}: {
  step: number;
  labels: readonly string[];
  title: ReactNode;
  children: ReactNode;
  showBack?: boolean;
  onBack: () => void;
  onNext: () => void;
  onSubmit: () => void;
  submitting: boolean;
  submitDisabled: boolean;
  submitLabel: string;
  /** A media upload is still running: shown under the footer on the last step. */
  uploading: boolean;
  /** An extra note under the footer, before the upload note. */
  notice?: ReactNode;
}) {
  const last = step >= LAST_STEP;
  useBackButton(showBack ? onBack : null);
  useMainButton(
    last
      ? { text: submitLabel, enabled: !submitDisabled, loading: submitting, onClick: onSubmit }
      : { text: 'Next Step', onClick: onNext },
  );
  // A tick as the stepper moves.
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current !== step) haptic.selection();
    shownStep.current = step;
  }, [step]);

  return (
    <>
      <div className="mt-2 mb-5">
        <WizardSteps step={step} labels={labels} />
      </div>
      <Card>
        <CardContent className="p-4 sm:p-6">
          <h2 className="mb-4 text-lg font-semibold" id="step-title">
            {title}
          </h2>
          <section aria-labelledby="step-title">{children}</section>
        </CardContent>
      </Card>

      <div className="sticky bottom-[calc(4rem+var(--safe-bottom))] z-10 mt-4 flex gap-3 rounded-2xl bg-background/90 py-2 backdrop-blur md:bottom-0 tg-main:tg-back:hidden">
        {showBack ? (
          <Button variant="outline" size="lg" className="flex-1" onClick={onBack} disabled={submitting}>
            <ArrowLeftIcon className="size-4" /> Back
          </Button>
        ) : null}
        {step < LAST_STEP ? (
          <Button size="lg" className="flex-1" onClick={onNext}>
            Next Step <ArrowRightIcon className="size-4" />
          </Button>
        ) : (
          <Button size="lg" className="flex-1" onClick={onSubmit} disabled={submitDisabled} loading={submitting}>
            {submitLabel}
          </Button>
        )}
      </div>
      {notice}
      {step === LAST_STEP && uploading ? (
        <p className="mt-1 text-center text-sm text-muted-foreground">Waiting for the media upload to finish…</p>
      ) : null}
    </>
  );
}
