import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMINGS, type ChatMessage, type Paginated } from '@wyn/contract';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { useLivePollInterval } from '@/lib/live-events';
import { messageKeys } from './keys';

/** How many of the newest messages a chat shows. */
export const CHAT_PAGE_SIZE = 100;

/** GET club/messages/?chat_with={userId}&ordering=-sent_at — newest first; the pane reverses them. */
export function getMessages(userId: string, signal?: AbortSignal): Promise<Paginated<ChatMessage>> {
  return api.get<Paginated<ChatMessage>>(apiPaths.messages, {
    signal,
    toast: false,
    query: { chat_with: userId, ordering: '-sent_at', page_size: CHAT_PAGE_SIZE },
  });
}

export const messagesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: messageKeys.thread(userId),
    queryFn: ({ signal }) => getMessages(userId, signal),
    staleTime: 0,
  });

/** The open chat: live while the stream is up, polled every 5 s while it is down (spec 02 §4). */
export function useMessages(userId: string | null) {
  const refetchInterval = useLivePollInterval(TIMINGS.pollMs);
  return useQuery({ ...messagesQueryOptions(userId ?? ''), enabled: Boolean(userId), refetchInterval });
}
