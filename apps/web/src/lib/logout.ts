import { useMutation } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { authSession } from '@/lib/session';
import { endSession } from '@/lib/session-end';

/** POST bot/logout/ {refresh} (revokes the refresh token), then clears the session and goes to /login. */
export async function logout(): Promise<void> {
  const refresh = authSession.get().refreshToken;
  try {
    if (refresh) await api.call(routes.logout, { body: { refresh } }, { toast: false, refreshOn401: false });
  } catch {
    /* signing out locally is what matters */
  } finally {
    endSession('logout');
  }
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
