import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { cn } from '@/lib/cn';
import { useLiveUpdates } from '@/lib/live-events';
import { useCurrentUserSync } from '@/lib/queries/current-user';
import { useCurrentUser, useIsAuthenticated } from '@/lib/session';
import { DESKTOP_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { paths } from '@/config/paths';
import { registerNavigator } from '@/lib/session-end';
import { ErrorBoundary } from './error-boundary';
import { MainNav } from './main-nav';
import { PageLoader } from './page-loader';
import { isTabRoot, useTelegramRoute } from './telegram-route';
import { TopBar } from './top-bar';

/** Scrolls to the top on a new path (not on search or hash changes). */
function useScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}

/** Gives lib code (session end) the router's navigate. */
function useRegisterNavigator() {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigator((to) => void navigate(to, { replace: true }));
  }, [navigate]);
}

/**
 * The shell of every screen. The navigation is shown to signed-in members only, so it is hidden on
 * login, register, verify, splash and onboarding (and the other public pages) when signed out.
 */
export function AppLayout() {
  const signedIn = useIsAuthenticated();
  const { pathname } = useLocation();
  useCurrentUserSync();
  useLiveUpdates();
  useScrollToTopOnNavigate();
  useRegisterNavigator();
  useTelegramRoute();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const ownId = useCurrentUser()?.id ?? null;
  const showTopBar = isTabRoot(pathname, ownId) && pathname !== paths.root && pathname !== paths.home;
  return (
    // Inside Telegram: its viewport height, and room for its header controls in full screen (styles.css).
    <div className="flex min-h-[var(--app-height)] flex-col pt-[var(--tg-inset-top)] pr-[var(--tg-inset-right)] pl-[var(--tg-inset-left)]">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-card px-3 py-2 font-medium shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {signedIn ? <MainNav /> : null}
      {signedIn && !desktop && showTopBar ? <TopBar /> : null}
      <main
        id="main"
        className={cn('flex flex-1 flex-col', signedIn && 'pb-[calc(5.5rem+var(--safe-bottom))] md:pb-12')}
      >
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
    </div>
  );
}
