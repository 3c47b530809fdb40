import { timingSafeEqual, createHash } from 'node:crypto';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { unauthorized } from '../../lib/errors.ts';
import { handleTelegramUpdate, telegramUpdate } from './telegram-updates.service.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The updates the webhook asks Telegram for (`allowed_updates` of setWebhook; README "Connecting a real bot"). */
export const WEBHOOK_ALLOWED_UPDATES = ['message', 'chat_member'] as const;

/**
 * `POST /webhook/` for the product's bot, registered under `/api/v1/bot/telegram`:
 * `X-Telegram-Bot-Api-Secret-Token` must equal the configured secret (constant-time), else 401. What an update
 * does is the bot service's (`handleTelegramUpdate`); Telegram only needs `{ok: true}` back.
 */
export async function telegramWebhookRoutes(app: AppInstance, { deps }: ModuleOptions) {
  const expected = digest(deps.config.telegram.webhookSecret);

  app.post(
    '/telegram/webhook/',
    {
      schema: { tags: ['telegram'], hide: true, body: telegramUpdate },
      onRequest: async (request) => {
        const got = request.headers['x-telegram-bot-api-secret-token'];
        if (typeof got !== 'string' || !timingSafeEqual(digest(got), expected))
          throw unauthorized('Invalid webhook secret.');
      },
    },
    async (request) => {
      await handleTelegramUpdate(deps, request.body, request.log);
      return { ok: true };
    },
  );
}
