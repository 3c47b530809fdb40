import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type ChatSummary, type MarkChatReadResponse } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { withChatRead } from '../lib/chat';
import type { ThreadData } from './get-messages';
import { messageKeys } from './keys';

/** POST club/messages/mark_chat_as_read/ {user_id} — quiet: a failure only leaves the badge. */
export function markChatRead(userId: string): Promise<MarkChatReadResponse> {
  return api.call(routes.messagesMarkChatRead, { body: { user_id: userId } }, { toast: false });
}

export function useMarkChatRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markChatRead,
    onMutate: (userId) => {
      qc.setQueryData<ChatSummary[]>(messageKeys.chats, (list) =>
        list?.map((c) => (c.id === userId ? { ...c, unread: 0 } : c)),
      );
      const at = new Date().toISOString();
      qc.setQueryData<ThreadData>(messageKeys.thread(userId), (data) =>
        data ? { ...data, pages: withChatRead(data.pages, userId, at) } : data,
      );
    },
    onSettled: () => qc.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
