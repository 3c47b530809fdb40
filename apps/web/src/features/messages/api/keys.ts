import { liveKeys } from '@/lib/live-events';

/** Every chat query lives under ['messages'], which the live stream refreshes. */
export const messageKeys = {
  all: liveKeys.messages,
  chats: [...liveKeys.messages, 'chats'] as const,
  thread: (userId: string) => [...liveKeys.messages, 'thread', userId] as const,
  // Outside ['messages']: a profile does not change when a message arrives.
  profile: (userId: string) => ['chat-profile', userId] as const,
};
