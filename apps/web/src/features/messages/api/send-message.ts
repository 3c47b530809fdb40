import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage, Paginated, SendMessageRequest } from '@wyn/contract';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { messageKeys } from './keys';

/** POST club/messages/ — the composer shows the failure itself, so no toast. */
export function sendMessage(body: SendMessageRequest): Promise<ChatMessage> {
  return api.post<ChatMessage>(apiPaths.messages, body, { toast: false });
}

export function useSendMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (message) => {
      // Show it at once; the refetch that follows brings the server's view.
      qc.setQueryData<Paginated<ChatMessage>>(messageKeys.thread(message.receiver.id), (page) =>
        page && !page.results.some((m) => m.id === message.id)
          ? { ...page, results: [message, ...page.results], count: page.count + 1 }
          : page,
      );
      void qc.invalidateQueries({ queryKey: messageKeys.all });
    },
  });
}
