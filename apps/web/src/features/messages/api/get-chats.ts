import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, TIMINGS, type ChatSummary } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { useLivePollInterval } from '@/lib/live-events';
import { messageKeys } from './keys';

/** GET club/messages/chats/ — the page shows its own error state, so no toast. */
export function getChats(signal?: AbortSignal): Promise<ChatSummary[]> {
  return api.call(routes.messageChats, {}, { signal, toast: false });
}

export const chatsQueryOptions = () =>
  queryOptions({ queryKey: messageKeys.chats, queryFn: ({ signal }) => getChats(signal), staleTime: 0 });

/** The conversation list: live while the stream is up, polled every 5 s while it is down (docs/spec/02-explore-details-wallet-social.md §4). */
export function useChats() {
  const refetchInterval = useLivePollInterval(TIMINGS.pollMs);
  return useQuery({ ...chatsQueryOptions(), refetchInterval });
}
