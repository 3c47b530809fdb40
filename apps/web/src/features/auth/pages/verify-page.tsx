import { LIMITS, MSG } from '@wyn/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
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
import { useResendOtp } from '../api/resend-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { AuthShell } from '../components/auth-shell';
import { rememberCodeSent, resendSecondsLeft, type VerifyLocationState } from '../lib/verify-state';

export function VerifyPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const productName = useProductName();
  useDocumentTitle('Verify account', productName);
  const state = (location.state as VerifyLocationState | null) ?? {};

  const [identifier, setIdentifier] = useState(() => state.identifier ?? params.get('identifier') ?? '');
  const [otp, setOtp] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [resendNote, setResendNote] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);
  const verify = useVerifyOtp();
  const resend = useResendOtp();

  // Ticks once a second for the resend countdown.
  const [now, setNow] = useState(() => Date.now());
  const [blockedUntil, setBlockedUntil] = useState(0);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const waitSeconds = Math.max(
    identifier.trim() ? resendSecondsLeft(identifier, now) : 0,
    Math.ceil((blockedUntil - now) / 1000),
    0,
  );

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    if (!identifier.trim() || !otp.trim()) {
      setFormError(MSG.verifyFillAll);
      return;
    }
    verify.mutate(
      { identifier: identifier.trim(), otp: otp.trim() },
      {
        onSuccess: () => {
          notify.success(MSG.verifySuccess);
          void navigate(paths.root, { replace: true });
        },
        onError: (err) => setFormError(err instanceof ApiError ? err.message : MSG.defaultError),
      },
    );
  }

  function onResend() {
    setResendNote(null);
    const id = identifier.trim();
    if (!id) {
      setResendNote({ kind: 'error', text: 'Enter your email or phone number first.' });
      return;
    }
    resend.mutate(
      { identifier: id },
      {
        onSuccess: (res) => {
          rememberCodeSent(id);
          setNow(Date.now());
          notify.success(res?.detail || MSG.otpSent);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 429) {
            setBlockedUntil(Date.now() + (err.retryAfter ?? LIMITS.otpResendSeconds) * 1000);
            setNow(Date.now());
          }
          setResendNote({ kind: 'error', text: err instanceof ApiError ? err.message : MSG.defaultError });
        },
      },
    );
  }

  function goBack() {
    if (location.key !== 'default') void navigate(-1);
    else void navigate(paths.login);
  }

  return (
    <AuthShell
      title="Verify your account"
      subtitle={
        state.identifier
          ? `Enter the ${LIMITS.otpLength}-digit code we sent to ${state.identifier}.`
          : `Enter the ${LIMITS.otpLength}-digit code we sent to your email or phone.`
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Verify account">
        {state.delivery === 'log' ? (
          <Alert variant="info">
            Email delivery is not set up on this server yet, so the code was written to the server log.
          </Alert>
        ) : null}
        {formError ? <Alert>{formError}</Alert> : null}
        <FormField label="Email or Phone">
          <IdentifierInput value={identifier} onValueChange={setIdentifier} />
        </FormField>
        <FormField
          label="Verification Code"
          labelAction={
            <Button
              variant="link"
              size="sm"
              className="text-sm"
              onClick={onResend}
              disabled={waitSeconds > 0 || resend.isPending}
              data-testid="resend-code"
            >
              {waitSeconds > 0 ? `Resend code in ${waitSeconds}s` : resend.isPending ? 'Sending…' : 'Resend code'}
            </Button>
          }
        >
          <CodeInput value={otp} onValueChange={setOtp} />
        </FormField>
        {resendNote ? (
          <p
            className={resendNote.kind === 'error' ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}
            role="status"
          >
            {resendNote.text}
          </p>
        ) : null}
        <Button type="submit" size="lg" className="mt-1 w-full" loading={verify.isPending}>
          Verify Account
        </Button>
        <Button variant="ghost" size="lg" className="w-full" onClick={goBack}>
          Go Back
        </Button>
      </form>
    </AuthShell>
  );
}

export default VerifyPage;
