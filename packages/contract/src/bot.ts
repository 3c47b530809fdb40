import { z } from 'zod';

/**
 * The bot's messages to a member (issue #14 item 10): the app tells the server once the member granted the bot
 * write access in the Mini App (`requestWriteAccess`); the answer says whether bot messages now reach them (a
 * Telegram account linked, write access, the bot not blocked, notifications on).
 */
export const botMessagesState = z.object({ bot_messages: z.boolean() });
export type BotMessagesState = z.infer<typeof botMessagesState>;
