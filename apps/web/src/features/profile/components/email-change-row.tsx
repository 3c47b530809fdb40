import { ACCOUNT_MSG, LIMITS, MSG } from '@wyn/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { CodeInput } from '@/components/ui/code-input';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useConfirmEmailChange } from '../api/confirm-email-change';
import { useRequestEmailChange } from '../api/request-email-change';

type Step = 'view' | 'address' | 'code';

/** A complete one-time code: LIMITS.otpLength digits. */
const OTP_PATTERN = new RegExp(`^\\d{${LIMITS.otpLength}}$`);
const looksLikeEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);

/**
 * The e-mail row of the settings panel. Changing it is two steps: the new address (the server sends it a
 * code and keeps the current address in force), then that code. Focus follows the step so the whole
 * flow works from the keyboard.
 */
export function EmailChangeRow() {
  const current = useCurrentUser()?.email ?? null;
  const [step, setStep] = useState<Step>('view');
  const [address, setAddress] = useState('');
  const [pending, setPending] = useState('');
  const [otp, setOtp] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const request = useRequestEmailChange();
  const confirm = useConfirmEmailChange();
  const addressRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const changeRef = useRef<HTMLButtonElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    // Only after the member acted: the panel must not grab focus when it first renders.
    if (!moved.current) return;
    if (step === 'address') addressRef.current?.focus();
    else if (step === 'code') codeRef.current?.focus();
    else changeRef.current?.focus();
  }, [step]);

  function go(next: Step) {
    moved.current = true;
    setFieldError(null);
    setFormError(null);
    setStep(next);
  }

  function showError(err: unknown, field: 'email' | 'otp') {
    if (err instanceof ApiError && field === 'email' && err.fieldErrors.email) setFieldError(err.fieldErrors.email);
    else setFormError(err instanceof ApiError ? err.message : MSG.defaultError);
  }

  function sendCode(e?: FormEvent) {
    e?.preventDefault();
    setFieldError(null);
    setFormError(null);
    const email = (step === 'code' ? pending : address).trim().toLowerCase();
    if (!email) return setFieldError(MSG.verifyFillAll);
    if (!looksLikeEmail(email)) return setFieldError('Enter a valid email address');
    if (email === current?.toLowerCase()) return setFieldError(ACCOUNT_MSG.emailSameAsCurrent);
    request.mutate(email, {
      onSuccess: (res) => {
        setPending(res.pending_email ?? email);
        setOtp('');
        if (step !== 'code') go('code');
      },
      onError: (err) => showError(err, 'email'),
    });
  }

  function onConfirm(e: FormEvent) {
    e.preventDefault();
    setFieldError(null);
    setFormError(null);
    if (!OTP_PATTERN.test(otp)) return setFieldError(MSG.verifyFillAll);
    confirm.mutate(otp, {
      onSuccess: (res) => {
        notify.success(res.detail || ACCOUNT_MSG.emailUpdated);
        setAddress('');
        setPending('');
        setOtp('');
        go('view');
      },
      onError: (err) => showError(err, 'otp'),
    });
  }

  if (step === 'view') {
    return (
      <div className="flex items-center justify-between gap-4" data-testid="email-row">
        <div className="min-w-0">
          <span className="block text-sm font-medium">{ACCOUNT_MSG.emailLabel}</span>
          <span className="block truncate text-xs text-muted-foreground">{current ?? ACCOUNT_MSG.emailNone}</span>
        </div>
        <Button
          ref={changeRef}
          variant="outline"
          size="sm"
          aria-label={`${current ? ACCOUNT_MSG.emailChange : ACCOUNT_MSG.emailAdd} ${ACCOUNT_MSG.emailLabel.toLowerCase()}`}
          onClick={() => {
            setAddress('');
            go('address');
          }}
        >
          {current ? ACCOUNT_MSG.emailChange : ACCOUNT_MSG.emailAdd}
        </Button>
      </div>
    );
  }

  if (step === 'address') {
    return (
      <form onSubmit={sendCode} noValidate className="flex flex-col gap-3" aria-label="Change e-mail">
        {formError ? <Alert>{formError}</Alert> : null}
        <FormField label={ACCOUNT_MSG.emailNewLabel} error={fieldError}>
          <Input
            ref={addressRef}
            name="new_email"
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            placeholder="you@example.com"
          />
        </FormField>
        <div className="flex gap-2">
          <Button type="submit" size="sm" loading={request.isPending}>
            {ACCOUNT_MSG.emailSendCode}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => go('view')}>
            {ACCOUNT_MSG.emailCancel}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <form onSubmit={onConfirm} noValidate className="flex flex-col gap-3" aria-label="Confirm e-mail change">
      <p className="text-sm text-muted-foreground" role="status">
        {ACCOUNT_MSG.changeCodeSent(pending)}
      </p>
      {formError ? <Alert>{formError}</Alert> : null}
      <FormField
        label={ACCOUNT_MSG.emailCodeLabel}
        error={fieldError}
        labelAction={
          <Button variant="link" size="sm" className="text-sm" onClick={() => sendCode()} disabled={request.isPending}>
            {request.isPending ? 'Sending…' : 'Resend code'}
          </Button>
        }
      >
        <CodeInput ref={codeRef} value={otp} onValueChange={setOtp} className="text-lg tracking-[0.4em]" />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={confirm.isPending}>
          {ACCOUNT_MSG.emailConfirm}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => go('view')}>
          {ACCOUNT_MSG.emailCancel}
        </Button>
      </div>
    </form>
  );
}
