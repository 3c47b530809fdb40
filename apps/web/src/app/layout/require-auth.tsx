import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { redirectAfterAuth, useIsAuthenticated } from '@/lib/session';
import { takeSignOutRedirect } from '@/lib/session-end';
import { consumeStartLink, pendingStartRoute } from '@/lib/start-link';
import { PageLoader } from './page-loader';

/**
 * Follows the launch's deep link once (lib/start-link.ts), replacing the screen sign-in landed on. The screen has
 * its own Suspense boundary: while its lazy chunk loads, this component is already committed and the link is
 * marked followed, so a tab pressed or a reload before the screen arrives is not sent back to the link.
 */
function StartLinkRedirect({ to }: { to: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const here = to === pathname || (to === paths.home && pathname === paths.root);
  useEffect(() => {
    consumeStartLink();
    if (!here) void navigate(to, { replace: true });
  }, [to, here, navigate]);
  return here ? (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  ) : null;
}

/**
 * Protected routes: signed-out visitors go to /splash (or /login right after a sign-out). Once signed in, a
 * launch's deep link (`startapp=q_<id>`…) opens its screen first.
 */
export function RequireAuth() {
  const signedIn = useIsAuthenticated();
  const location = useLocation();
  if (signedIn) {
    const startRoute = pendingStartRoute();
    return startRoute ? <StartLinkRedirect to={startRoute} /> : <Outlet />;
  }
  const afterSignOut = takeSignOutRedirect();
  if (afterSignOut) return <Navigate to={afterSignOut} replace />;
  const target = location.pathname + location.search;
  if (target !== paths.root && target !== paths.home) redirectAfterAuth.set(target);
  return <Navigate to={paths.splash} replace />;
}
