import type * as Grammy from 'grammy';
import type { Api, Transformer } from 'grammy';
import { loadAutoRetry, loadGrammy } from './grammy-modules.ts';

/**
 * The bot's messages to members (docs/decisions/0012), on its own grammY `Api` client so that only messages are
 * paced: Telegram allows a bot about 30 messages a second overall and one a second per chat. Requests go through
 * two transformers: the pacer below (one message per chat per `chatIntervalMs`, and at most `perSecond` messages
 * in any second of this process) and grammY's kept auto-retry plugin (a 429 is sent again after its
 * `retry_after`, when that is at most `maxRetryAfterSeconds`). Network and 5xx failures are not retried here: the
 * caller's job queue retries them with its back-off, so no worker waits for hours.
 */
export type SendOutcome =
  | { status: 'sent' }
  /** 403: the member blocked the bot (or never started it, or is deactivated): stop writing to them. */
  | { status: 'blocked'; description: string }
  /** 429 with a `retry_after` longer than this process waits: send again after that many seconds. */
  | { status: 'retry_later'; retryAfterSeconds: number }
  /** Any other 4xx (chat not found, bad request): this message will never go. */
  | { status: 'rejected'; description: string };

export type WebAppButton = { text: string; url: string };

export type BotMessenger = {
  configured: boolean;
  /** Sends a text with one "open the Mini App" button; throws only for failures worth retrying (network, 5xx). */
  send(chatId: string | number, text: string, button?: WebAppButton): Promise<SendOutcome>;
  /** The bot's menu button (beside the message field) opens the Mini App at `url`. */
  setMenuButton(button: WebAppButton): Promise<void>;
};

export type MessengerOptions = {
  token: string | undefined;
  apiRoot: string;
  /** Messages per second over all chats (Telegram: 30). */
  perSecond: number;
  /** Least time between two messages to one chat (Telegram: 1 s). */
  chatIntervalMs: number;
  /** The longest `retry_after` waited for in-process; longer ones come back as `retry_later`. */
  maxRetryAfterSeconds: number;
};

export class MessengerNotConfigured extends Error {
  constructor() {
    super('No Telegram bot is configured.');
  }
}

export function createBotMessenger(opts: MessengerOptions): BotMessenger {
  const token = opts.token;
  // grammY loads with the first message (docs/performance.md, start and memory): a server without a bot never loads it.
  let client: Promise<{ api: Api; grammy: typeof Grammy }> | null = null;
  const connect = () => {
    if (!token) throw new MessengerNotConfigured();
    client ??= Promise.all([loadGrammy(), loadAutoRetry()]).then(([grammy, { autoRetry }]) => {
      const api = new grammy.Api(token, { apiRoot: opts.apiRoot, timeoutSeconds: 15 });
      // Installed first, so it runs inside auto-retry: every attempt, the retries too, waits for its turn.
      api.config.use(pacer({ perSecond: opts.perSecond, chatIntervalMs: opts.chatIntervalMs }));
      api.config.use(
        autoRetry({
          maxDelaySeconds: opts.maxRetryAfterSeconds,
          maxRetryAttempts: 3,
          rethrowHttpErrors: true,
          rethrowInternalServerErrors: true,
        }),
      );
      return { api, grammy };
    });
    return client;
  };

  return {
    configured: Boolean(token),
    async send(chatId, text, button) {
      const { api, grammy } = await connect();
      const { GrammyError, HttpError } = grammy;
      try {
        await api.sendMessage(chatId, text, {
          link_preview_options: { is_disabled: true },
          ...(button
            ? { reply_markup: { inline_keyboard: [[{ text: button.text, web_app: { url: button.url } }]] } }
            : {}),
        });
        return { status: 'sent' };
      } catch (err) {
        if (err instanceof GrammyError) {
          const retryAfter = err.parameters.retry_after;
          if (err.error_code === 429 && typeof retryAfter === 'number')
            return { status: 'retry_later', retryAfterSeconds: retryAfter };
          if (err.error_code === 403) return { status: 'blocked', description: err.description };
          if (err.error_code >= 400 && err.error_code < 500)
            return { status: 'rejected', description: err.description };
        }
        if (err instanceof HttpError) throw new Error(`Telegram unreachable: ${err.message}`, { cause: err });
        throw err;
      }
    },
    async setMenuButton(button) {
      const { api } = await connect();
      await api.setChatMenuButton({
        menu_button: { type: 'web_app', text: button.text, web_app: { url: button.url } },
      });
    },
  };
}

const sleep = (ms: number, signal?: { addEventListener(type: 'abort', listener: () => void): void }) =>
  new Promise<void>((resolve, reject) => {
    if (ms <= 0) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('aborted while waiting for a send slot'));
    });
  });

/**
 * A grammY transformer that gives each call with a `chat_id` a send time, reserved when the call is made: no
 * earlier than `chatIntervalMs` after the previous one to the same chat (three seconds in a group), and at least
 * 1000/`perSecond` ms from every other reserved time, so no second ever holds more than `perSecond` of them.
 * Times are reserved, not counted from when a call leaves a queue: a busy moment overall can never bring two
 * messages to one chat closer than the chat's interval (why the transformer-throttler plugin, whose per-chat
 * limit is counted from when a call enters its overall queue, was not kept). Calls without a chat go at once.
 */
export function pacer(opts: { perSecond: number; chatIntervalMs: number }): Transformer {
  const gap = Math.ceil(1000 / opts.perSecond);
  /** Reserved send times, ascending. */
  const reserved: number[] = [];
  /** The earliest next send time per chat. */
  const chatNext = new Map<string, number>();
  return async (prev, method, payload, signal) => {
    const chatId = payload && typeof payload === 'object' && 'chat_id' in payload ? String(payload.chat_id) : null;
    if (chatId === null) return prev(method, payload, signal);
    const now = Date.now();
    while (reserved.length > 0 && reserved[0]! <= now - gap) reserved.shift();
    if (chatNext.size > 10_000) for (const [chat, next] of chatNext) if (next <= now) chatNext.delete(chat);
    let at = Math.max(now, chatNext.get(chatId) ?? 0);
    let i = 0;
    for (; i < reserved.length; i++) {
      const r = reserved[i]!;
      if (r <= at - gap) continue;
      if (r >= at + gap) break;
      at = r + gap;
    }
    reserved.splice(i, 0, at);
    const isGroup = Number(chatId) < 0 || chatId.startsWith('@');
    chatNext.set(chatId, at + (isGroup ? Math.max(opts.chatIntervalMs, 3000) : opts.chatIntervalMs));
    await sleep(at - now, signal);
    return prev(method, payload, signal);
  };
}
