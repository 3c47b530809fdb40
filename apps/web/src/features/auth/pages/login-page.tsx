import { ACCOUNT_MSG, ErrorCode, MSG, TIMINGS } from '@wyn/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { notify } from '@/lib/toast';
import { href, paths } from '@/config/paths';
import { TelegramIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { IdentifierInput } from '@/components/ui/identifier-input';
import { ApiError } from '@/lib/api-error';
import { useAppConfig, useProductName } from '@/lib/queries/app-config';
import { onboarding, redirectAfterAuth, useIsAuthenticated } from '@/lib/session';
import { getInitData, isInsideMiniApp, loadTelegram } from '@/lib/telegram';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLogin } from '../api/login';
import { useTelegramAuth } from '../api/telegram-auth';
import { AuthShell, OrDivider } from '../components/auth-shell';
import { PasswordInput } from '../components/password-input';
import { telegramErrorMessage } from '../lib/telegram-error';
import { buildTelegramOAuthUrl, parseTelegramLoginResult, stripTelegramLoginParams } from '../lib/telegram-login';
import type { LoginLocationState } from './splash-page';

const IDENTIFIER_REQUIRED = 'Username, email or phone is required';

interface FieldErrors {
  identifier?: string;
  password?: string;
}

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = useIsAuthenticated();
  const productName = useProductName();
  const config = useAppConfig();
  useDocumentTitle('Sign in', productName);

  const fromSplash = (location.state as LoginLocationState | null)?.fromSplash === true;
  const [miniApp, setMiniApp] = useState(isInsideMiniApp);
  // A Telegram login result in the URL (the provider sends the member back here).
  const [oauthReturn] = useState(() => parseTelegramLoginResult(window.location.hash, window.location.search));
  const [tgError, setTgError] = useState<string | null>(null);
  const { mutate: authenticateTelegram, isPending: tgPending } = useTelegramAuth();

  // Login success (any method) goes to the page that sent the visitor here (Explore's Sign In), else /.
  useEffect(() => {
    if (signedIn) void navigate(redirectAfterAuth.take() ?? paths.root, { replace: true });
  }, [signedIn, navigate]);

  useEffect(() => {
    let alive = true;
    void loadTelegram().then(() => {
      if (alive) setMiniApp(isInsideMiniApp());
    });
    return () => {
      alive = false;
    };
  }, []);

  // Handle the return from Telegram's login page once: clean the URL, then authenticate.
  const [handledReturn, setHandledReturn] = useState(false);
  useEffect(() => {
    if (!oauthReturn || handledReturn) return;
    const t = setTimeout(() => {
      setHandledReturn(true);
      void navigate(
        { pathname: location.pathname, search: stripTelegramLoginParams(location.search), hash: '' },
        { replace: true, state: location.state },
      );
      if (!oauthReturn.ok) {
        setTgError(oauthReturn.error);
        notify.error(oauthReturn.error);
        return;
      }
      authenticateTelegram(
        { telegram_user_info: oauthReturn.data },
        {
          onError: (e) => {
            const msg = telegramErrorMessage(e);
            setTgError(msg);
            notify.error(msg);
          },
        },
      );
    }, 0);
    return () => clearTimeout(t);
  }, [oauthReturn, handledReturn, navigate, location.pathname, location.search, location.state, authenticateTelegram]);

  // A failed Mini App sign-in is said once, in the alert above its button (no toast repeating it).
  function loginWithMiniApp() {
    const initData = getInitData();
    if (!initData) {
      setTgError(MSG.noTelegramData);
      return;
    }
    setTgError(null);
    authenticateTelegram({ initData }, { onError: (e) => setTgError(telegramErrorMessage(e)) });
  }

  // Coming from the splash inside a Mini App: try the Mini App sign-in automatically after 300 ms.
  const [autoTried, setAutoTried] = useState(false);
  useEffect(() => {
    if (!fromSplash || !miniApp || autoTried || signedIn) return;
    const t = setTimeout(() => {
      setAutoTried(true);
      const initData = getInitData();
      if (!initData) return;
      authenticateTelegram({ initData }, { onError: (e) => setTgError(telegramErrorMessage(e)) });
    }, TIMINGS.autoTelegramLoginDelayMs);
    return () => clearTimeout(t);
  }, [fromSplash, miniApp, autoTried, signedIn, authenticateTelegram]);

  const botId = config.data?.telegram_bot_id ?? null;
  const telegramConfigured = botId !== null;
  function loginWithTelegram() {
    if (!telegramConfigured) return;
    const origin = window.location.origin;
    window.location.assign(buildTelegramOAuthUrl({ botId, origin, returnTo: `${origin}${paths.login}` }));
  }

  // Username / e-mail / phone + password.
  const login = useLogin();
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<{ message: string; notVerified: boolean } | null>(null);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const errors: FieldErrors = {};
    if (!identifier.trim()) errors.identifier = IDENTIFIER_REQUIRED;
    if (!password) errors.password = MSG.passwordRequired;
    setFieldErrors(errors);
    setFormError(null);
    if (errors.identifier || errors.password) return;
    login.mutate(
      { identifier: identifier.trim(), password },
      {
        onError: (err) => {
          if (err instanceof ApiError) {
            const fe = err.fieldErrors;
            const inline: FieldErrors = {};
            if (fe.identifier) inline.identifier = fe.identifier;
            if (fe.password) inline.password = fe.password;
            setFieldErrors(inline);
            if (!inline.identifier && !inline.password) {
              setFormError({ message: err.message, notVerified: err.code === ErrorCode.notVerified });
            }
          } else {
            setFormError({ message: MSG.authFailed, notVerified: false });
          }
        },
      },
    );
  }

  const busy = tgPending || (oauthReturn?.ok === true && !handledReturn);

  return (
    <AuthShell
      title="Welcome back"
      subtitle={`Sign in to continue to ${productName}.`}
      footer={
        <div className="flex flex-col gap-2">
          <p>
            Don&apos;t have an account?{' '}
            <Link to={paths.register} className="font-semibold text-primary hover:underline">
              Create one
            </Link>
          </p>
          <p>
            Got a verification code?{' '}
            <Link to={paths.verify} className="font-semibold text-primary hover:underline">
              Verify your account
            </Link>
          </p>
          {!onboarding.isCompleted() ? (
            <p>
              New to {productName}?{' '}
              <Link to={paths.onboarding} className="font-semibold text-primary hover:underline">
                See how it works
              </Link>
            </p>
          ) : null}
        </div>
      }
    >
      <div className="flex flex-col gap-3">
        {tgError ? <Alert title="Telegram sign-in failed">{tgError}</Alert> : null}
        {miniApp ? (
          <Button variant="telegram" size="lg" className="w-full" onClick={loginWithMiniApp} loading={tgPending}>
            {tgPending ? null : <TelegramIcon className="size-5" />}
            Login with Telegram Mini App
          </Button>
        ) : null}
        {/* Telegram's web login cannot work inside Telegram: a Mini App signs in with its launch data only. */}
        {miniApp ? null : (
          <Button
            variant="telegram"
            size="lg"
            className="w-full"
            onClick={loginWithTelegram}
            disabled={!telegramConfigured || busy}
            loading={config.isPending || busy}
            aria-describedby={!config.isPending && !telegramConfigured ? 'telegram-not-configured' : undefined}
          >
            {config.isPending || busy ? null : <TelegramIcon className="size-5" />}
            Login with Telegram
          </Button>
        )}
        {!miniApp && !config.isPending && !telegramConfigured ? (
          <p
            id="telegram-not-configured"
            className="text-center text-xs text-muted-foreground"
            data-testid="telegram-not-configured"
          >
            {MSG.telegramNotConfigured} Sign in with your username, email or phone below.
          </p>
        ) : null}
      </div>

      <OrDivider label="or sign in with your account" />

      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Sign in with password">
        {formError ? (
          <Alert>
            {formError.message}
            {formError.notVerified ? (
              <>
                {' '}
                <Link to={href.verify(identifier.trim())} className="font-semibold underline">
                  Verify your account
                </Link>
              </>
            ) : null}
          </Alert>
        ) : null}
        <FormField label="Username, email or phone" error={fieldErrors.identifier}>
          <IdentifierInput value={identifier} onValueChange={setIdentifier} />
        </FormField>
        <FormField
          label="Password"
          error={fieldErrors.password}
          labelAction={
            <Link
              to={
                identifier.trim()
                  ? `${paths.forgotPassword}?identifier=${encodeURIComponent(identifier.trim())}`
                  : paths.forgotPassword
              }
              className="relative touch-target text-sm font-semibold text-primary hover:underline"
            >
              {ACCOUNT_MSG.forgotPasswordLink}
            </Link>
          }
        >
          <PasswordInput
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </FormField>
        <Button type="submit" size="lg" className="mt-1 w-full" loading={login.isPending}>
          Sign in
        </Button>
      </form>
    </AuthShell>
  );
}

export default LoginPage;
