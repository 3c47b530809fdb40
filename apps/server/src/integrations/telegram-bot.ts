import type * as Grammy from 'grammy';
import type { Api } from 'grammy';
import { loadGrammy } from './grammy-modules.ts';
import type { ChatMember, ChatFullInfo, UserFromGetMe } from 'grammy/types';
import { ErrorCode, QUEST_MSG } from '@wyn/contract';
import { unavailable } from '../lib/errors.ts';

/**
 * The only code that talks to the Telegram Bot API (docs/architecture.md), on grammY's `Api` client. When no bot
 * token is configured every call fails with 503 "not configured"; Bot API refusals surface as
 * `TelegramApiError` (with Telegram's description) so callers can map them to clear messages.
 */
export class TelegramApiError extends Error {
  readonly errorCode: number;
  readonly description: string;

  constructor(errorCode: number, description: string) {
    super(description);
    this.errorCode = errorCode;
    this.description = description;
  }
}

/**
 * A card a member can send into any chat from the Mini App (`shareMessage`): an inline article with a title, a
 * description, a thumbnail, the message text (its link preview shows `previewUrl`, e.g. the item's image) and
 * one URL button.
 */
export type PreparedArticle = {
  id: string;
  title: string;
  description?: string;
  thumbnailUrl?: string;
  messageText: string;
  previewUrl?: string;
  button: { text: string; url: string };
};

export type TelegramBot = {
  configured: boolean;
  username: string | undefined;
  getMe(): Promise<UserFromGetMe>;
  getChat(chatId: string | number): Promise<ChatFullInfo>;
  getChatMember(chatId: string | number, userId: number): Promise<ChatMember>;
  createChatInviteLink(chatId: string | number, opts?: { memberLimit?: number; name?: string }): Promise<string>;
  sendMessage(
    chatId: string | number,
    text: string,
    opts?: { webAppButton?: { text: string; url: string } },
  ): Promise<void>;
  /** Bot API 8.0 `savePreparedInlineMessage` for `userId`, sendable to any kind of chat; answers its id. */
  savePreparedInlineMessage(userId: number, article: PreparedArticle): Promise<{ id: string; expirationDate: number }>;
};

export function createTelegramBot(opts: {
  token: string | undefined;
  username: string | undefined;
  apiRoot: string;
}): TelegramBot {
  const token = opts.token;
  // grammY loads with the first call (docs/performance.md, start and memory): a server without a bot never loads it.
  let client: Promise<{ api: Api; grammy: typeof Grammy }> | null = null;
  let me: Promise<UserFromGetMe> | null = null;

  const call = async <T>(fn: (api: Api) => Promise<T>): Promise<T> => {
    if (!token) throw unavailable(QUEST_MSG.telegramNotConfigured, ErrorCode.telegramNotConfigured);
    client ??= loadGrammy().then((grammy) => ({
      api: new grammy.Api(token, { apiRoot: opts.apiRoot, timeoutSeconds: 10 }),
      grammy,
    }));
    const { api, grammy } = await client;
    try {
      return await fn(api);
    } catch (err) {
      if (err instanceof grammy.GrammyError) throw new TelegramApiError(err.error_code, err.description);
      if (err instanceof grammy.HttpError) throw unavailable(QUEST_MSG.telegramUnavailable);
      throw err;
    }
  };

  return {
    configured: Boolean(token),
    username: opts.username,
    getMe() {
      me ??= call((a) => a.getMe()).catch((err: unknown) => {
        me = null;
        throw err;
      });
      return me;
    },
    getChat: (chatId) => call((a) => a.getChat(chatId)),
    getChatMember: (chatId, userId) => call((a) => a.getChatMember(chatId, userId)),
    createChatInviteLink: (chatId, o = {}) =>
      call(async (a) => {
        const link = await a.createChatInviteLink(chatId, {
          ...(o.memberLimit ? { member_limit: o.memberLimit } : {}),
          ...(o.name ? { name: o.name } : {}),
        });
        return link.invite_link;
      }),
    sendMessage: (chatId, text, o = {}) =>
      call(async (a) => {
        await a.sendMessage(
          chatId,
          text,
          o.webAppButton
            ? {
                reply_markup: {
                  inline_keyboard: [[{ text: o.webAppButton.text, web_app: { url: o.webAppButton.url } }]],
                },
              }
            : {},
        );
      }),
    savePreparedInlineMessage: (userId, article) =>
      call(async (a) => {
        const prepared = await a.savePreparedInlineMessage(
          userId,
          {
            type: 'article',
            id: article.id,
            title: article.title,
            ...(article.description ? { description: article.description } : {}),
            ...(article.thumbnailUrl ? { thumbnail_url: article.thumbnailUrl } : {}),
            input_message_content: {
              message_text: article.messageText,
              link_preview_options: article.previewUrl
                ? { url: article.previewUrl, prefer_large_media: true, show_above_text: true }
                : { is_disabled: true },
            },
            reply_markup: { inline_keyboard: [[{ text: article.button.text, url: article.button.url }]] },
          },
          { allow_user_chats: true, allow_bot_chats: true, allow_group_chats: true, allow_channel_chats: true },
        );
        return { id: prepared.id, expirationDate: prepared.expiration_date };
      }),
  };
}

/** The product's bot from the server's `telegram` settings. */
export function telegramBotFromConfig(telegram: {
  botToken: string | undefined;
  botUsername: string | undefined;
  apiRoot: string;
}): TelegramBot {
  return createTelegramBot({ token: telegram.botToken, username: telegram.botUsername, apiRoot: telegram.apiRoot });
}

/** True when a Bot API `ChatMember` counts as having joined (docs/product.md). */
export function isJoinedMember(m: ChatMember): boolean {
  if (m.status === 'creator' || m.status === 'administrator' || m.status === 'member') return true;
  if (m.status === 'restricted') return m.is_member;
  return false;
}
