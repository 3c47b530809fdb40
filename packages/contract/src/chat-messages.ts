import { LIMITS } from './limits.ts';

/**
 * Chat constants shared by the server and the web app, kept apart from the chat schemas (chat.ts) so the web app
 * can import them without loading zod.
 */

/** Chat texts (docs/spec/02-explore-details-wallet-social.md §2 /messages, §8), shared by the server and the web app. */
export const CHAT_MSG = {
  contentRequired: 'Message cannot be empty.',
  contentTooLong: `Message must be at most ${LIMITS.messageMax} characters.`,
  contentInvalidCharacters: 'Message contains characters that are not allowed.',
  receiverRequired: 'Receiver is required.',
  receiverNotFound: 'Receiver not found.',
  cannotMessageSelf: 'You cannot send a message to yourself.',
  messageNotFound: 'Message not found.',
  chatWithRequired: 'chat_with is required.',
  rateLimited: 'You are sending messages too quickly. Please wait a moment.',
  notificationTitle: 'New message',
  sendFailed: 'Failed to send message. Please try again.',
  loadChatsFailed: 'Failed to load conversations. Please try refreshing.',
  loadMessagesFailed: 'Failed to load messages. Please try refreshing.',
  loadOlder: 'Load older messages',
  loadOlderFailed: 'Could not load older messages. Please try again.',
  noConversations: 'No conversations yet',
  findPeople: 'Find People',
  selectConversation: 'Select a conversation',
  noMessages: 'No messages yet',
  startChatting: 'Start chatting with {name}',
  searchPlaceholder: 'Search conversations',
  inputPlaceholder: 'Type a message...',
  unableToStart: 'Unable to start chat with this user',
} as const;

/** Messages a member may send per minute (POST messages/ and replies together). */
export const MESSAGES_PER_MINUTE = 30;
/** How much of the last message a chat summary carries. */
export const CHAT_PREVIEW_CHARS = 200;
/** How much of a message its notification quotes. */
export const MESSAGE_NOTIFICATION_CHARS = 80;

/**
 * Blank for a message: nothing but whitespace and invisible format characters (zero-width space, joiner,
 * byte-order mark), which `trim()` keeps. The composer and the server use the same test.
 */
export const isBlankMessage = (text: string): boolean => !/[^\s\p{Cf}]/u.test(text);
