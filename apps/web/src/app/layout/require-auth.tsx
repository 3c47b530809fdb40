import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { redirectAfterAuth, useIsAuthenticated } from '@/lib/session';
import { takeSignOutRedirect } from '@/lib/session-end';

/** Protected routes: signed-out visitors go to /splash (or /login right after a sign-out). */
export function RequireAuth() {
  const signedIn = useIsAuthenticated();
  const location = useLocation();
  if (signedIn) return <Outlet />;
  const afterSignOut = takeSignOutRedirect();
  if (afterSignOut) return <Navigate to={afterSignOut} replace />;
  const target = location.pathname + location.search;
  if (target !== paths.root && target !== paths.home) redirectAfterAuth.set(target);
  return <Navigate to={paths.splash} replace />;
}
