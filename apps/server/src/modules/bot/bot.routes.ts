import { endpoints } from '@wyn/contract/endpoints';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { grantBotWriteAccess } from './bot.service.ts';

/** The member and the product's bot (the webhook Telegram calls is telegram-webhook.routes.ts). */
export async function botRoutes(app: AppInstance, { deps }: ModuleOptions) {
  const db = deps.database.db;

  // The Mini App's requestWriteAccess answer is not signed: a member who claims it falsely gets a 403 from
  // Telegram on the first message, which turns bot messages off again (docs/decisions/0012).
  contractRoute(app, endpoints.telegramWriteAccess, async (request) =>
    grantBotWriteAccess(db, request.auth.userId, deps.now()),
  );
}
