import { MSG } from '@wyn/contract';
import { queryClient } from './query-client';
import { authSession } from './session';
import { notify } from './toast';

type Navigate = (to: string) => void;

let navigate: Navigate | null = null;
let pendingRedirect: string | null = null;

/** The app registers the router's navigate here (lib code cannot use hooks). */
export function registerNavigator(fn: Navigate): void {
  navigate = fn;
}

/**
 * Where a protected route should send the visitor right after a sign-out, instead of the splash
 * (read once by the route guard).
 */
export function takeSignOutRedirect(): string | null {
  const to = pendingRedirect;
  pendingRedirect = null;
  return to;
}

/**
 * Back to signed out (logout or a rejected refresh): clears tokens, user, the profile, wallet and
 * settings caches and the query cache, then goes to /login.
 */
export function endSession(reason: 'logout' | 'expired'): void {
  pendingRedirect = '/login';
  authSession.clear();
  queryClient.clear();
  if (reason === 'expired') notify.error(MSG.sessionExpired);
  navigate?.('/login');
}
