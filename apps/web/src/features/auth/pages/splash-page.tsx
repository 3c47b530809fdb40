import { TIMINGS } from '@wyn/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { Logo } from '@/components/logo';
import { useProductName } from '@/lib/queries/app-config';
import { useIsAuthenticated } from '@/lib/session';
import { getInitData, loadTelegram } from '@/lib/telegram';
import { useDocumentTitle } from '@/lib/use-document-title';
import { telegramAuth } from '../api/telegram-auth';
import { completeSignIn } from '../lib/complete-sign-in';

export interface LoginLocationState {
  fromSplash?: boolean;
}

/**
 * Logo and welcome text for up to 5 s. Signed in → /home. Inside a Mini App, signs in with the launch
 * data → /home. Otherwise, after 5 s → /login, flagged as coming from the splash.
 */
export function SplashPage() {
  const navigate = useNavigate();
  const signedIn = useIsAuthenticated();
  const productName = useProductName();
  const [status, setStatus] = useState('Getting things ready…');
  const attempted = useRef(false);
  useDocumentTitle('Welcome', productName);

  useEffect(() => {
    if (signedIn) {
      void navigate(paths.home, { replace: true });
      return;
    }
    const t = setTimeout(() => {
      const state: LoginLocationState = { fromSplash: true };
      void navigate(paths.login, { replace: true, state });
    }, TIMINGS.splashTimeoutMs);
    return () => clearTimeout(t);
  }, [signedIn, navigate]);

  useEffect(() => {
    if (signedIn || attempted.current) return;
    attempted.current = true;
    void (async () => {
      await loadTelegram();
      const initData = getInitData();
      if (!initData) return;
      setStatus('Signing you in with Telegram…');
      try {
        completeSignIn(await telegramAuth({ initData }));
      } catch {
        setStatus('Taking you to sign in…');
      }
    })();
  }, [signedIn]);

  return (
    <div
      className="relative flex min-h-dvh flex-col items-center justify-center overflow-hidden px-6 text-center"
      data-testid="splash"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 left-1/2 size-[28rem] -translate-x-1/2 rounded-full bg-primary/15 blur-3xl"
      />
      <div className="relative flex flex-col items-center animate-fade-in">
        <Logo name={productName} withWordmark={false} className="[&>svg]:size-20 [&>svg]:drop-shadow-xl" />
        <h1 className="mt-6 text-3xl font-extrabold tracking-tight">Welcome to {productName}</h1>
        <p className="mt-2 max-w-xs text-muted-foreground">
          Complete quests, earn rewards and connect with your community.
        </p>
      </div>
      <div className="relative mt-12 h-1 w-40 overflow-hidden rounded-full bg-muted" aria-hidden="true">
        <div
          className="h-full origin-left animate-splash-progress rounded-full bg-primary"
          style={{ animationDuration: `${TIMINGS.splashTimeoutMs}ms` }}
        />
      </div>
      <p className="relative mt-4 text-sm text-muted-foreground" role="status">
        {status}
      </p>
    </div>
  );
}

export default SplashPage;
