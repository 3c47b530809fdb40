import { defineEndpoints } from '../endpoint.ts';
import { botMessagesState } from '../bot.ts';

/** The product's bot and the member: bot messages (the webhook itself speaks Telegram's format, undeclared). */
export const botEndpoints = defineEndpoints('telegram', {
  telegramWriteAccess: {
    method: 'POST',
    path: 'club/telegram/write-access/',
    auth: 'member',
    summary:
      'The member granted the bot write access in the Mini App (requestWriteAccess): bot messages may reach them. Answers whether they now do.',
    responses: { 200: botMessagesState },
  },
});
