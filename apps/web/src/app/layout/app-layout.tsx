import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { cn } from '@/lib/cn';
import { useLiveUpdates } from '@/lib/live-events';
import { useCurrentUserSync } from '@/lib/queries/current-user';
import { useIsAuthenticated } from '@/lib/session';
import { registerNavigator } from '@/lib/session-end';
import { ErrorBoundary } from './error-boundary';
import { MainNav } from './main-nav';
import { PageLoader } from './page-loader';

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
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-card px-3 py-2 font-medium shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {signedIn ? <MainNav /> : null}
      <main
        id="main"
        className={cn('flex flex-1 flex-col', signedIn && 'pb-[calc(5.5rem+env(safe-area-inset-bottom))] md:pb-12')}
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
