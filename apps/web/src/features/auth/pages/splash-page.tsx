import { TIMINGS } from '@wyn/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { Logo } from '@/components/logo';
import { useProductName } from '@/lib/queries/app-config';
import { useIsAuthenticated } from '@/lib/session';
import { getInitData, isInsideMiniApp, isTelegramLikely, loadTelegram } from '@/lib/telegram';
import { useDocumentTitle } from '@/lib/use-document-title';
import { telegramAuth } from '../api/telegram-auth';
import { MiniAppSignInError } from '../components/mini-app-sign-in-error';
import { completeSignIn } from '../lib/complete-sign-in';
import { telegramErrorMessage } from '../lib/telegram-error';

/** How long a signed-out visitor outside Telegram sees the splash before the sign-in screen. */
export const SPLASH_BRIEF_MS = 800;

export interface LoginLocationState {
  fromSplash?: boolean;
}

/**
 * Logo and welcome text. Signed in → /home. Inside a Mini App, signs in with the launch data at once → /home;
 * if that fails, the splash says so once, with Try Again (issue #14 item 7), and never moves on to the web
 * sign-in. Otherwise → /login, flagged as coming from the splash: after a brief look when there is nothing to
 * wait for (a plain browser, or Telegram's script without launch data), after at most 5 s while Telegram's
 * script may still bring launch data.
 */
export function SplashPage() {
  const navigate = useNavigate();
  const signedIn = useIsAuthenticated();
  const productName = useProductName();
  const [miniApp] = useState(isInsideMiniApp);
  // Outside Telegram there is nothing to wait for: a brief look at the splash, not 5 s (issue #14 item 21).
  const [waitMs, setWaitMs] = useState(() => (isTelegramLikely() ? TIMINGS.splashTimeoutMs : SPLASH_BRIEF_MS));
  const [status, setStatus] = useState(() => (miniApp ? 'Signing you in with Telegram…' : 'Getting things ready…'));
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [trying, setTrying] = useState(false);
  const attempted = useRef(-1);
  useDocumentTitle('Welcome', productName);

  useEffect(() => {
    if (signedIn) {
      void navigate(paths.home, { replace: true });
      return;
    }
    // Inside a Mini App there is no other way in: the launch data is tried, and a failure stays on screen.
    if (miniApp) return;
    const t = setTimeout(() => {
      const state: LoginLocationState = { fromSplash: true };
      void navigate(paths.login, { replace: true, state });
    }, waitMs);
    return () => clearTimeout(t);
  }, [signedIn, navigate, miniApp, waitMs]);

  useEffect(() => {
    if (signedIn || attempted.current === attempt) return;
    attempted.current = attempt;
    void (async () => {
      // The launch data in the URL is enough; Telegram's script is awaited only when it is not there.
      const initData = getInitData() ?? ((await loadTelegram()) && getInitData());
      // Telegram's script came without launch data: nothing more to wait for.
      if (!initData) {
        setWaitMs(SPLASH_BRIEF_MS);
        return;
      }
      setStatus('Signing you in with Telegram…');
      setTrying(true);
      try {
        completeSignIn(await telegramAuth({ initData }));
      } catch (e) {
        if (miniApp) setFailure(telegramErrorMessage(e));
        else {
          setStatus('Taking you to sign in…');
          setWaitMs(SPLASH_BRIEF_MS);
        }
      } finally {
        setTrying(false);
      }
    })();
  }, [signedIn, attempt, miniApp]);

  // The message stays while trying again (the button spins); a new failure replaces it, never adds one.
  const retry = () => setAttempt((a) => a + 1);

  if (failure !== null)
    return (
      <div
        className="flex min-h-[var(--app-height)] flex-col items-center justify-center px-6 py-10 text-center"
        data-testid="splash"
      >
        <Logo name={productName} className="mb-10" />
        <MiniAppSignInError message={failure} onRetry={retry} retrying={trying} />
      </div>
    );

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
          style={{ animationDuration: `${waitMs}ms` }}
        />
      </div>
      <p className="relative mt-4 text-sm text-muted-foreground" role="status">
        {status}
      </p>
    </div>
  );
}

export default SplashPage;
