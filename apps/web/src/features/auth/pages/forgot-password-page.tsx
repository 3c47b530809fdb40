import { ACCOUNT_MSG, LIMITS, MSG } from '@wyn/contract';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { notify } from '@/lib/toast';
import { paths } from '@/config/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { CodeInput } from '@/components/ui/code-input';
import { IdentifierInput } from '@/components/ui/identifier-input';
import { ApiError } from '@/lib/api-error';
import { useProductName } from '@/lib/queries/app-config';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useConfirmPasswordReset, useRequestPasswordReset } from '../api/password-reset';
import { AuthShell } from '../components/auth-shell';
import { PasswordInput } from '../components/password-input';

/** A complete one-time code: LIMITS.otpLength digits. */
const OTP_PATTERN = new RegExp(`^\\d{${LIMITS.otpLength}}$`);

interface CodeErrors {
  otp?: string;
  password?: string;
  confirm?: string;
}

/**
 * Two steps: the identifier (the server answers the same whether or not it is an account), then the
 * mailed code with the new password. Success goes back to sign-in with a toast.
 */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const productName = useProductName();
  useDocumentTitle(ACCOUNT_MSG.resetTitle, productName);

  const [step, setStep] = useState<'identifier' | 'code'>('identifier');
  const [identifier, setIdentifier] = useState(() => params.get('identifier') ?? '');
  const [identifierError, setIdentifierError] = useState<string | null>(null);
  const [sentNote, setSentNote] = useState<string | null>(null);
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [codeErrors, setCodeErrors] = useState<CodeErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const request = useRequestPasswordReset();
  const confirmReset = useConfirmPasswordReset();

  function sendCode(e?: FormEvent) {
    e?.preventDefault();
    setIdentifierError(null);
    setFormError(null);
    const id = identifier.trim();
    if (!id) {
      setIdentifierError(MSG.verifyFillAll);
      return;
    }
    request.mutate(
      { identifier: id },
      {
        onSuccess: (res) => {
          setSentNote(res.detail || ACCOUNT_MSG.resetCodeSent);
          setStep('code');
        },
        onError: (err) => setFormError(err instanceof ApiError ? err.message : MSG.defaultError),
      },
    );
  }

  function onConfirm(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const errors: CodeErrors = {};
    if (!OTP_PATTERN.test(otp.trim())) errors.otp = MSG.verifyFillAll;
    if (!password) errors.password = MSG.passwordRequired;
    else if (password.length < LIMITS.passwordMin) errors.password = MSG.passwordTooShort;
    if (password && confirm !== password) errors.confirm = MSG.passwordsDoNotMatch;
    setCodeErrors(errors);
    if (errors.otp || errors.password || errors.confirm) return;
    confirmReset.mutate(
      { identifier: identifier.trim(), otp: otp.trim(), new_password: password },
      {
        onSuccess: (res) => {
          notify.success(res.detail || ACCOUNT_MSG.resetDone);
          void navigate(paths.login, { replace: true });
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fieldErrors.new_password) {
            setCodeErrors({ password: err.fieldErrors.new_password });
            return;
          }
          setFormError(err instanceof ApiError ? err.message : MSG.defaultError);
        },
      },
    );
  }

  return (
    <AuthShell
      title={ACCOUNT_MSG.resetTitle}
      subtitle={step === 'identifier' ? ACCOUNT_MSG.resetIntro : sentNote}
      footer={
        <p>
          Remembered it?{' '}
          <Link to={paths.login} className="font-semibold text-primary hover:underline">
            Back to sign in
          </Link>
        </p>
      }
    >
      {step === 'identifier' ? (
        <form onSubmit={sendCode} noValidate className="flex flex-col gap-4" aria-label="Request a reset code">
          {formError ? <Alert>{formError}</Alert> : null}
          <FormField label="Username, email or phone" error={identifierError}>
            <IdentifierInput value={identifier} onValueChange={setIdentifier} />
          </FormField>
          <Button type="submit" size="lg" className="mt-1 w-full" loading={request.isPending}>
            {ACCOUNT_MSG.resetSendCode}
          </Button>
        </form>
      ) : (
        <form onSubmit={onConfirm} noValidate className="flex flex-col gap-4" aria-label="Choose a new password">
          {formError ? <Alert>{formError}</Alert> : null}
          <FormField
            label="Verification Code"
            error={codeErrors.otp}
            labelAction={
              <Button
                variant="link"
                size="sm"
                className="text-sm"
                onClick={() => sendCode()}
                disabled={request.isPending}
              >
                {request.isPending ? 'Sending…' : 'Resend code'}
              </Button>
            }
          >
            <CodeInput value={otp} onValueChange={setOtp} />
          </FormField>
          <FormField label={ACCOUNT_MSG.newPasswordLabel} error={codeErrors.password}>
            <PasswordInput
              name="new_password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </FormField>
          <FormField label="Confirm Password" error={codeErrors.confirm}>
            <PasswordInput
              name="confirm_password"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
          </FormField>
          <Button type="submit" size="lg" className="mt-1 w-full" loading={confirmReset.isPending}>
            {ACCOUNT_MSG.resetSubmit}
          </Button>
          <Button variant="ghost" size="lg" className="w-full" onClick={() => setStep('identifier')}>
            Go Back
          </Button>
        </form>
      )}
    </AuthShell>
  );
}

export default ForgotPasswordPage;
