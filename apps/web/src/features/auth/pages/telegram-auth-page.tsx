import { MSG, TIMINGS } from '@wyn/contract';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { AlertCircleIcon, CheckIcon, TelegramIcon } from '@/components/icons';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useProductName } from '@/lib/queries/app-config';
import { redirectAfterAuth } from '@/lib/session';
import { getInitData, loadTelegram } from '@/lib/telegram';
import { useDocumentTitle } from '@/lib/use-document-title';
import { telegramAuth } from '../api/telegram-auth';
import { completeSignIn } from '../lib/complete-sign-in';
import { telegramErrorMessage } from '../lib/telegram-error';

type Status = 'connecting' | 'failed' | 'success';

const AUTO_CONTINUE_MS = 1500;

/**
 * Telegram callback screen: signs in with the Mini App launch data or an `initData` query parameter.
 * States connecting (slow warning after 10 s), failed (Try Again, Back to Login) and success
 * (Continue to Home; goes on by itself to the stored redirect path, else /home).
 */
export function TelegramAuthPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const productName = useProductName();
  useDocumentTitle('Connecting to Telegram', productName);
  const queryInitData = params.get('initData');

  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<Status>('connecting');
  const [error, setError] = useState<string | null>(null);
  const [slow, setSlow] = useState(false);
  const [target, setTarget] = useState<string>(paths.home);

  useEffect(() => {
    let alive = true;
    const slowTimer = setTimeout(() => {
      if (alive) setSlow(true);
    }, TIMINGS.callbackSlowWarningMs);
    void (async () => {
      await loadTelegram();
      const initData = getInitData() ?? queryInitData;
      if (!alive) return;
      if (!initData) {
        setError(MSG.noTelegramData);
        setStatus('failed');
        return;
      }
      try {
        const res = await telegramAuth({ initData });
        if (!alive) return;
        completeSignIn(res);
        setTarget(redirectAfterAuth.take() ?? paths.home);
        setStatus('success');
      } catch (e) {
        if (!alive) return;
        setError(telegramErrorMessage(e));
        setStatus('failed');
      } finally {
        clearTimeout(slowTimer);
      }
    })();
    return () => {
      alive = false;
      clearTimeout(slowTimer);
    };
  }, [attempt, queryInitData]);

  useEffect(() => {
    if (status !== 'success') return;
    const t = setTimeout(() => void navigate(target, { replace: true }), AUTO_CONTINUE_MS);
    return () => clearTimeout(t);
  }, [status, target, navigate]);

  function retry() {
    setError(null);
    setSlow(false);
    setStatus('connecting');
    setAttempt((a) => a + 1);
  }

  return (
    <div
      className="flex min-h-dvh flex-col items-center justify-center px-6 py-10 text-center"
      data-testid="telegram-auth"
      data-status={status}
    >
      <Logo name={productName} className="mb-10" />
      <div className="w-full max-w-sm rounded-3xl border border-border bg-card p-7 shadow-sm">
        {status === 'connecting' ? (
          <div role="status" className="flex flex-col items-center">
            <span className="relative mb-5 flex size-16 items-center justify-center rounded-full bg-[#2AABEE]/12 text-[#2AABEE]">
              <TelegramIcon className="size-9" />
              <Spinner className="absolute -right-1 -bottom-1 size-6 rounded-full bg-card p-0.5 text-primary" />
            </span>
            <h1 className="text-xl font-bold">Connecting to Telegram…</h1>
            <p className="mt-1.5 text-sm text-muted-foreground">Hold on while we sign you in securely.</p>
            {slow ? (
              <p
                className="mt-4 rounded-xl bg-accent-soft px-3 py-2 text-sm text-accent-foreground"
                data-testid="slow-warning"
              >
                This is taking longer than usual. Please check your connection — we&apos;ll keep trying.
              </p>
            ) : null}
          </div>
        ) : null}

        {status === 'failed' ? (
          <div role="alert" className="flex flex-col items-center">
            <span className="mb-5 flex size-16 items-center justify-center rounded-full bg-destructive-soft text-destructive">
              <AlertCircleIcon className="size-8" />
            </span>
            <h1 className="text-xl font-bold">Authentication failed</h1>
            <p className="mt-1.5 text-sm text-muted-foreground">{error ?? MSG.telegramAuthFailed}</p>
            <div className="mt-6 flex w-full flex-col gap-2">
              <Button size="lg" className="w-full" onClick={retry}>
                Try Again
              </Button>
              <Button size="lg" variant="ghost" className="w-full" onClick={() => void navigate(paths.login)}>
                Back to Login
              </Button>
            </div>
          </div>
        ) : null}

        {status === 'success' ? (
          <div role="status" className="flex flex-col items-center">
            <span className="mb-5 flex size-16 items-center justify-center rounded-full bg-success-soft text-success">
              <CheckIcon className="size-8" strokeWidth={2.6} />
            </span>
            <h1 className="text-xl font-bold">You&apos;re signed in</h1>
            <p className="mt-1.5 text-sm text-muted-foreground">Welcome to {productName}! Taking you in…</p>
            <Button size="lg" className="mt-6 w-full" onClick={() => void navigate(target, { replace: true })}>
              Continue to Home
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}

export default TelegramAuthPage;
