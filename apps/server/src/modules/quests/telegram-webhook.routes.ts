import { timingSafeEqual, createHash } from 'node:crypto';
import { z } from 'zod';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { telegramBotFromConfig } from '../../integrations/telegram-bot.ts';
import { unauthorized } from '../../lib/errors.ts';
import { completeStartToken } from './quests.service.ts';

const update = z
  .object({
    update_id: z.number().optional(),
    message: z
      .object({
        text: z.string().optional(),
        chat: z.object({ id: z.number() }),
      })
      .passthrough()
      .optional(),
  })
  .passthrough();

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * `POST /webhook/` for the product's bot, registered under `/api/v1/bot/telegram`:
 * `X-Telegram-Bot-Api-Secret-Token` must equal the configured secret (constant-time), else 401.
 * `/start <token>` completes that member's start_bot quest; a bare `/start` answers with a button
 * opening the app.
 */
export async function telegramWebhookRoutes(app: AppInstance, { deps }: ModuleOptions) {
  const config = deps.config;
  const bot = telegramBotFromConfig(config.telegram);
  const expected = digest(config.telegram.webhookSecret);

  app.post(
    '/telegram/webhook/',
    {
      schema: { tags: ['telegram'], hide: true, body: update },
      onRequest: async (request) => {
        const got = request.headers['x-telegram-bot-api-secret-token'];
        if (typeof got !== 'string' || !timingSafeEqual(digest(got), expected))
          throw unauthorized('Invalid webhook secret.');
      },
    },
    async (request) => {
      const message = request.body.message;
      const text = message?.text?.trim() ?? '';
      const match = /^\/start(?:@\w+)?(?:\s+(\S+))?$/.exec(text);
      if (!message || !match) return { ok: true };
      const token = match[1];
      if (token) {
        const quest = await completeStartToken(deps.database.db, token, deps.now());
        await bot
          .sendMessage(
            message.chat.id,
            quest
              ? `Quest "${quest.title}" completed! Your reward is in your ${config.productName} wallet.`
              : 'This link has already been used or is not valid.',
            { webAppButton: { text: `Open ${config.productName}`, url: config.publicUrl } },
          )
          .catch((err: unknown) => request.log.warn({ err }, 'telegram sendMessage failed'));
        return { ok: true };
      }
      await bot
        .sendMessage(message.chat.id, `Welcome to ${config.productName}! Open the app to complete quests and earn W.`, {
          webAppButton: { text: `Open ${config.productName}`, url: config.publicUrl },
        })
        .catch((err: unknown) => request.log.warn({ err }, 'telegram sendMessage failed'));
      return { ok: true };
    },
  );
}
