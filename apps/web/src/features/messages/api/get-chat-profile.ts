import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type Profile } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { messageKeys } from './keys';

/** GET club/profiles/{id}/ — the name and avatar of a member we have no conversation with yet. */
export function getChatProfile(userId: string, signal?: AbortSignal): Promise<Profile> {
  return api.call(routes.profile, { params: { id: userId } }, { signal, toast: false });
}

export const chatProfileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: messageKeys.profile(userId),
    queryFn: ({ signal }) => getChatProfile(userId, signal),
    staleTime: 5 * 60_000,
  });

export function useChatProfile(userId: string | null, enabled = true) {
  return useQuery({ ...chatProfileQueryOptions(userId ?? ''), enabled: Boolean(userId) && enabled });
}
