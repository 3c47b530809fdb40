import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { routes, TIMINGS, type ChatMessage, type Paginated } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { useLivePollInterval } from '@/lib/live-events';
import { flattenThread } from '../lib/chat';
import { messageKeys } from './keys';

/**
 * Messages per page: enough to fill a tall screen on first paint, few enough to arrive quickly. Every live
 * event and poll refetches each loaded page, so older pages are only loaded when asked for.
 */
export const CHAT_PAGE_SIZE = 50;

export type ThreadData = InfiniteData<Paginated<ChatMessage>, number>;

/** GET club/messages/?chat_with={userId}&ordering=-sent_at — page 1 is the newest; the pane reverses them. */
export function getMessages(userId: string, page: number, signal?: AbortSignal): Promise<Paginated<ChatMessage>> {
  return api.call(
    routes.messageList,
    { query: { chat_with: userId, ordering: '-sent_at', page, page_size: CHAT_PAGE_SIZE } },
    { signal, toast: false },
  );
}

export const messagesQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: messageKeys.thread(userId),
    queryFn: ({ pageParam, signal }) => getMessages(userId, pageParam, signal),
    initialPageParam: 1,
    // "Next" here is the next OLDER page.
    getNextPageParam: (last, _all, lastPage) => (last.next ? lastPage + 1 : undefined),
    staleTime: 0,
  });

const selectThread = (data: ThreadData) => flattenThread(data.pages);

/**
 * The open chat, newest first (all loaded pages): live while the stream is up, polled every 5 s while it is
 * down (docs/spec/02-explore-details-wallet-social.md §4). `fetchNextPage` loads older messages.
 */
export function useMessages(userId: string | null) {
  const refetchInterval = useLivePollInterval(TIMINGS.pollMs);
  return useInfiniteQuery({
    ...messagesQueryOptions(userId ?? ''),
    enabled: Boolean(userId),
    refetchInterval,
    select: selectThread,
  });
}
