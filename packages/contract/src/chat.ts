import { z } from 'zod';
import { CHAT_MSG, isBlankMessage } from './chat-messages.ts';
import { pageQuery } from './common.ts';
import { LIMITS } from './limits.ts';
import { isStorableText } from './strings.ts';

export {
  CHAT_MSG,
  CHAT_PREVIEW_CHARS,
  isBlankMessage,
  MESSAGE_NOTIFICATION_CHARS,
  MESSAGES_PER_MINUTE,
} from './chat-messages.ts';

export const messageTypes = ['text'] as const;

/**
 * A member id: "required" when missing, "Invalid ID format" when malformed. Lower-cased, as the database
 * prints uuids, so comparing it with the caller's id (not yourself) cannot be dodged by upper case.
 */
const memberId = (required: string) =>
  z.uuid({ error: (issue) => (issue.input === undefined ? required : 'Invalid ID format') }).toLowerCase();

const content = z
  .string({ error: CHAT_MSG.contentRequired })
  .trim()
  .min(1, { error: CHAT_MSG.contentRequired, abort: true })
  .max(LIMITS.messageMax, CHAT_MSG.contentTooLong)
  .refine((s) => !isBlankMessage(s), CHAT_MSG.contentRequired)
  // The server refuses unstorable text centrally too; here it gets the chat's own wording.
  .refine(isStorableText, CHAT_MSG.contentInvalidCharacters);

/** `POST messages/` */
export const sendMessageRequest = z.strictObject({
  content,
  receiver: memberId(CHAT_MSG.receiverRequired),
  message_type: z.enum(messageTypes).default('text'),
});
export type SendMessageRequest = z.input<typeof sendMessageRequest>;

/** `POST messages/{id}/reply/`: the receiver is the other participant of the message replied to. */
export const replyMessageRequest = z.strictObject({
  content,
  message_type: z.enum(messageTypes).default('text'),
});
export type ReplyMessageRequest = z.input<typeof replyMessageRequest>;

/** `POST messages/mark_chat_as_read/` */
export const markChatReadRequest = z.strictObject({ user_id: memberId('user_id is required.') });
export type MarkChatReadRequest = z.input<typeof markChatReadRequest>;
export const markChatReadResponse = z.object({ updated: z.number().int() });
export type MarkChatReadResponse = z.infer<typeof markChatReadResponse>;

/** `GET messages/?chat_with=&ordering=` */
export const messageListQuery = pageQuery.extend({
  chat_with: memberId(CHAT_MSG.chatWithRequired),
  ordering: z.enum(['-sent_at', 'sent_at']).default('-sent_at'),
});
export type MessageListQuery = z.input<typeof messageListQuery>;

export const chatMessage = z.object({
  id: z.uuid(),
  content: z.string(),
  sender: z.object({ id: z.uuid() }),
  receiver: z.object({ id: z.uuid() }),
  message_type: z.enum(messageTypes),
  sent_at: z.string(),
  read_at: z.string().nullable(),
  reply_to: z.uuid().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** One conversation in `GET messages/chats/`: `id` is the other member's id. */
export const chatSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  avatar: z.string().nullable(),
  unread: z.number().int(),
  time: z.string(),
  lastMessage: z.string(),
});
export type ChatSummary = z.infer<typeof chatSummary>;

/**
 * What the live stream (`GET live/`, server-sent events) carries: small hints, never content; the client
 * refetches. `resync` means events may have been missed (the server lost its database listener);
 * `account_disabled` ends the member's streams (the server closes them right after sending it).
 */
export const liveEventTypes = [
  'message',
  'message_read',
  'notification',
  'resync',
  'account_disabled',
  'wallet',
] as const;
export type LiveEventType = (typeof liveEventTypes)[number];
export const liveEvent = z.object({
  type: z.enum(liveEventTypes),
  /** The message, notification or (for `message_read`) the member whose chat was read. */
  id: z.string().optional(),
  /** The member who caused the event. */
  from: z.string().optional(),
});
export type LiveEvent = z.infer<typeof liveEvent>;
