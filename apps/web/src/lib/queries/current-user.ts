import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type User } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { authSession, useIsAuthenticated } from '@/lib/session';

export async function getCurrentUser(signal?: AbortSignal): Promise<User> {
  const user = await api.call(routes.currentUser, {}, { signal, toast: false });
  if (authSession.isAuthenticated()) authSession.setUser(user);
  return user;
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.currentUser,
    queryFn: ({ signal }) => getCurrentUser(signal),
    staleTime: 5 * 60_000,
  });

/** Refreshes the stored user in the background once per visit (and validates the session). */
export function useCurrentUserSync(): void {
  const signedIn = useIsAuthenticated();
  useQuery({ ...currentUserQueryOptions(), enabled: signedIn });
}
