import { parseStartParam, startParamFor } from '@wyn/contract';
import { z } from 'zod';
import type { AppContext } from '../../app-types.ts';
import { isJoinedMember } from '../../integrations/telegram-bot.ts';
import type { Log } from '../../lib/log.ts';
import { completeStartToken } from '../quests/quests.service.ts';
import { approveJoinsFromChatMember } from '../quests/telegram.service.ts';
import { allowBotMessagesFromTelegram, appUrl } from './bot.service.ts';
import { startAnswer } from './bot-texts.ts';

const tgUser = z.object({ id: z.number() }).passthrough();
const chatMember = z
  .object({
    status: z.enum(['creator', 'administrator', 'member', 'restricted', 'left', 'kicked']),
    user: tgUser,
    is_member: z.boolean().optional(),
  })
  .passthrough();

/** The parts of a Bot API `Update` the webhook acts on; anything else passes through untouched. */
export const telegramUpdate = z
  .object({
    update_id: z.number().optional(),
    message: z
      .object({
        text: z.string().optional(),
        chat: z.object({ id: z.number() }).passthrough(),
        from: tgUser.optional(),
      })
      .passthrough()
      .optional(),
    chat_member: z
      .object({
        chat: z.object({ id: z.number(), username: z.string().optional() }).passthrough(),
        new_chat_member: chatMember,
      })
      .passthrough()
      .optional(),
  })
  .passthrough();
export type TelegramUpdate = z.output<typeof telegramUpdate>;

/**
 * One update from Telegram for the product's bot:
 *
 * - `/start`: the member allowed the bot to write to them (and is back, if they had blocked it). With a
 *   one-time token it completes their start_bot quest; with a deep-link payload (`q_…`, `p_…`, `u_…`, `r_…`) it
 *   answers with a button opening the Mini App at that screen; bare, with a button opening the app.
 * - `chat_member` (docs/decisions/0012): someone became a member of a chat; their joined, unapproved join
 *   quests on that chat are approved and paid.
 *
 * Anything else is ignored. A reply that could not be sent is logged, never retried by failing the update.
 */
export async function handleTelegramUpdate(
  deps: Pick<AppContext, 'database' | 'config' | 'messenger' | 'now'>,
  update: TelegramUpdate,
  log: Log,
): Promise<void> {
  const { config, messenger } = deps;
  const db = deps.database.db;
  const { message, chat_member: member } = update;

  if (member) {
    const approved = await approveJoinsFromChatMember(
      db,
      {
        chatId: String(member.chat.id),
        chatUsername: member.chat.username ?? null,
        telegramUserId: String(member.new_chat_member.user.id),
        joined: isJoinedMember(member.new_chat_member as never),
      },
      deps.now(),
    );
    if (approved.length > 0) log.info({ quests: approved }, 'join quests approved from chat_member');
    return;
  }

  const text = message?.text?.trim() ?? '';
  const match = /^\/start(?:@\w+)?(?:\s+(\S+))?$/.exec(text);
  if (!message || !match) return;
  if (message.from) await allowBotMessagesFromTelegram(db, String(message.from.id), deps.now());

  const payload = match[1];
  const target = parseStartParam(payload);
  let answer: { text: string; path: string };
  if (target && target.kind !== 'referral') {
    answer = startAnswer.target(target.kind, config.productName, `/?startapp=${startParamFor(target)}`);
  } else if (payload) {
    // A start_bot token first (tokens are random and could look like a referral code).
    const quest = await completeStartToken(db, payload, deps.now());
    answer = quest
      ? startAnswer.questDone(quest.title, config.productName)
      : target
        ? startAnswer.target('referral', config.productName, `/?startapp=${startParamFor(target)}`)
        : startAnswer.invalid();
  } else {
    answer = startAnswer.welcome(config.productName);
  }
  if (!messenger.configured) return;
  const outcome = await messenger
    .send(message.chat.id, answer.text, {
      text: `Open ${config.productName}`,
      url: appUrl(config.publicUrl, answer.path),
    })
    .catch((err: unknown) => {
      log.warn({ err }, 'telegram sendMessage failed');
      return null;
    });
  if (outcome && outcome.status !== 'sent') log.warn({ outcome }, 'the /start answer was not sent');
}
