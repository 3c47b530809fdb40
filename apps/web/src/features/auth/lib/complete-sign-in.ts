import type { AuthResponse } from '@wyn/contract';
import { queryClient, queryKeys } from '@/lib/query-client';
import { authSession } from '@/lib/session';

/** Stores the session of a sign-in and drops any data cached for a previous member. */
export function completeSignIn(res: AuthResponse): void {
  authSession.signIn(res);
  queryClient.removeQueries({ queryKey: queryKeys.me });
  queryClient.removeQueries({ queryKey: queryKeys.homepage });
}
