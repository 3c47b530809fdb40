import { endpoints } from '@wyn/contract/endpoints';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { telegramBotFromConfig } from '../../integrations/telegram-bot.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { prepareShare } from './share.service.ts';

/** POST club/share/prepare/: a quest, perk or profile's deep link and text, and inside Telegram a prepared message. */
export async function shareRoutes(app: AppInstance, { deps }: ModuleOptions) {
  const db = deps.database.db;
  const config = deps.config;
  const bot = telegramBotFromConfig(config.telegram);

  contractRoute(app, endpoints.sharePrepare, async (request) =>
    prepareShare(db, { bot, config, log: request.log }, request.auth.userId, request.body),
  );
}
