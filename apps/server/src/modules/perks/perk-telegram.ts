import type { TelegramBot } from '../../integrations/telegram-bot.ts';

/**
 * The chat behind a perk's Telegram link, when the product's bot administers it with the right to invite
 * (so it can make a single-use link per redemption). Only public links (`t.me/<username>`) can be resolved:
 * a private `t.me/+…` link names no chat the Bot API can look up. Anything else (no bot configured, chat not
 * found, bot not an admin, Telegram down) gives null and the stored link is delivered instead.
 */
export async function resolveInviteChat(
  bot: TelegramBot,
  telegramUrl: string,
  log?: { info(obj: object, msg: string): void },
): Promise<string | null> {
  if (!bot.configured) return null;
  const m = /^https?:\/\/(?:www\.)?(?:t|telegram)\.me\/([A-Za-z][\w]{3,31})\/?$/i.exec(telegramUrl.trim());
  const username = m?.[1];
  if (!username || username.toLowerCase() === 'joinchat') return null;
  try {
    const chat = await bot.getChat(`@${username}`);
    const me = await bot.getMe();
    const member = await bot.getChatMember(chat.id, me.id);
    if (member.status === 'creator') return String(chat.id);
    if (member.status === 'administrator' && member.can_invite_users !== false) return String(chat.id);
    return null;
  } catch (err) {
    log?.info({ err, username }, 'perk chat not resolvable; the stored link will be delivered');
    return null;
  }
}
