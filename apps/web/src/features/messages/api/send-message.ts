import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type ChatMessage, type SendMessageRequest } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { withSentMessage } from '../lib/chat';
import type { ThreadData } from './get-messages';
import { messageKeys } from './keys';

/** POST club/messages/ — the composer shows the failure itself, so no toast. */
export function sendMessage(body: SendMessageRequest): Promise<ChatMessage> {
  return api.call(routes.messageSend, { body }, { toast: false });
}

export function useSendMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (message) => {
      // Show it at once; the refetch that follows brings the server's view.
      qc.setQueryData<ThreadData>(messageKeys.thread(message.receiver.id), (data) =>
        data ? { ...data, pages: withSentMessage(data.pages, message) } : data,
      );
      void qc.invalidateQueries({ queryKey: messageKeys.all });
    },
  });
}
