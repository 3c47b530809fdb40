import { routes } from '@wyn/contract';
import { api } from '../api-client';
import { local } from '../storage';
import { miniApp, withWebApp } from './webapp';

const ASKED_KEY = 'wyn.tg_write_access_asked';

/** Telegram's own prompt "allow the bot to message you?" (Bot API 6.9); false when declined or unsupported. */
function requestWriteAccess(): Promise<boolean> {
  return new Promise((resolve) => {
    const asked = withWebApp('writeAccess', (app) => {
      if (!app.requestWriteAccess) return false;
      app.requestWriteAccess((granted) => resolve(granted === true));
      return true;
    });
    if (!asked) resolve(false);
  });
}

/**
 * After a member's first quest join inside Telegram, asks once whether the bot may message them (approvals,
 * rewards; docs/decisions/0012) and tells the server when they said yes. Not asked when the launch data already
 * allows it, outside Telegram, or a second time on this device. Never throws: the join has succeeded anyway.
 */
export async function askForBotMessagesOnce(): Promise<void> {
  const app = miniApp();
  if (!app || local.get(ASKED_KEY)) return;
  if (app.initDataUnsafe?.user?.allows_write_to_pm) return;
  local.set(ASKED_KEY, '1');
  try {
    if (await requestWriteAccess()) await api.call(routes.telegramWriteAccess, {}, { toast: false });
  } catch {
    // Bot messages stay off; the member can still allow them with /start in the bot.
  }
}
