import { and, eq, ne, or, sql } from 'drizzle-orm';
import { QUEST_MSG, type VerifyMembershipResponse } from '@wyn/contract';
import type { DbOrTx } from '../../db/client.ts';
import { questCompletions, quests, users } from '../../db/schema/index.ts';
import { isJoinedMember, TelegramApiError, type TelegramBot } from '../../integrations/telegram-bot.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { approveCompletionTx, getVisibleQuest, isOwnBotQuest, myCompletion, type QuestRow } from './quests.service.ts';
import type { Config } from '../../config.ts';

/** Bot API refusals in words a creator can act on. */
export function describeTelegramError(err: TelegramApiError): string {
  const d = err.description.toLowerCase();
  if (d.includes('chat not found')) return QUEST_MSG.channelNotFound;
  if (d.includes('member list is inaccessible')) return QUEST_MSG.memberListInaccessible;
  if (d.includes('not enough rights') || d.includes('administrator')) return QUEST_MSG.botNotAdmin;
  if (d.includes('user not found')) return QUEST_MSG.verifyFailed;
  return `${QUEST_MSG.channelNoAccess} (${err.description})`;
}

/**
 * The channel-access check (docs/spec/01-signin-home-create.md §5): the chat exists and the product's bot administers it with the
 * right to manage the chat (which includes viewing the member list). Bot-not-configured is a 503.
 */
export async function validateChannel(
  bot: TelegramBot,
  channelUsername: string,
): Promise<{ valid: boolean; message: string; chat_title?: string; chatId?: string }> {
  const name = channelUsername.replace(/^@+/, '');
  try {
    const chat = await bot.getChat(`@${name}`);
    const me = await bot.getMe();
    const member = await bot.getChatMember(chat.id, me.id);
    const title = 'title' in chat && chat.title ? chat.title : name;
    if (member.status !== 'administrator' && member.status !== 'creator')
      return { valid: false, message: QUEST_MSG.botNotAdmin, chat_title: title };
    if (member.status === 'administrator' && member.can_manage_chat === false)
      return { valid: false, message: QUEST_MSG.botNoManageChat, chat_title: title };
    return { valid: true, message: QUEST_MSG.channelOk, chat_title: title, chatId: String(chat.id) };
  } catch (err) {
    if (err instanceof TelegramApiError) return { valid: false, message: describeTelegramError(err) };
    throw err;
  }
}

/**
 * Automatic verification of the caller's participation: join quests through getChatMember (approved and
 * paid at once), own-bot start quests through the webhook having seen the one-time token.
 */
export async function verifyParticipation(
  db: DbOrTx,
  bot: TelegramBot,
  config: Config,
  questId: string,
  userId: string,
  now: Date,
  opts: { joinOnly?: boolean } = {},
): Promise<VerifyMembershipResponse> {
  const q = await getVisibleQuest(db, questId);
  if (q.taskType !== 'join' && (opts.joinOnly || !isOwnBotQuest(q, config)))
    throw badRequest(opts.joinOnly ? QUEST_MSG.notJoinQuest : QUEST_MSG.notAutomatic);
  const c = await myCompletion(db, q.id, userId);
  if (c.verificationStatus === 'approved')
    return { is_member: true, message: QUEST_MSG.verifySuccess, verification_status: 'approved' };

  if (q.taskType === 'start_bot')
    return { is_member: false, message: QUEST_MSG.botNotStarted, verification_status: c.verificationStatus };

  const [user] = await db.select({ telegramId: users.telegramId }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user?.telegramId) throw badRequest(QUEST_MSG.noTelegramLinked, undefined, 'telegram_not_linked');
  let joined: boolean;
  try {
    const member = await bot.getChatMember(q.telegramChatId ?? `@${q.channelUsername}`, Number(user.telegramId));
    joined = isJoinedMember(member);
  } catch (err) {
    if (err instanceof TelegramApiError) {
      if (
        err.description.toLowerCase().includes('user not found') ||
        err.description.includes('PARTICIPANT_ID_INVALID')
      )
        joined = false;
      else throw badRequest(describeTelegramError(err), undefined, 'telegram_error');
    } else throw err;
  }
  if (!joined) return { is_member: false, message: QUEST_MSG.verifyFailed, verification_status: c.verificationStatus };
  await approveJoinedMember(db, q, c.id, now);
  return { is_member: true, message: QUEST_MSG.verifySuccess, verification_status: 'approved' };
}

/**
 * Approves (and pays) a join quest's participation once Telegram says the member is in its chat. Exactly once
 * whoever gets there first, the member's Verify or the bot's `chat_member` update: the completion row is locked
 * and an approved one is left alone. Answers whether this call approved it.
 */
async function approveJoinedMember(db: DbOrTx, q: QuestRow, completionId: string, now: Date): Promise<boolean> {
  try {
    await db.transaction((tx) =>
      approveCompletionTx(tx, completionId, {
        reviewerId: null,
        now,
        proof: { verification_type: 'telegram_membership', channel_username: q.channelUsername },
      }),
    );
    return true;
  } catch (err) {
    // A concurrent verification already approved (and paid) it.
    if (err instanceof AppError && err.code === 'already_approved') return false;
    throw err;
  }
}

/** A `chat_member` update from the bot's webhook, as the quests module needs it. */
export type ChatMemberChange = {
  chatId: string;
  chatUsername: string | null;
  telegramUserId: string;
  /** Whether the member now counts as in the chat (isJoinedMember of the new state). */
  joined: boolean;
};

/**
 * Verification from chat events (issue #14 item 11): a Telegram account became a member of a chat. Every join
 * quest on that chat (by its id, or its username for quests made before the id was kept) that the linked member
 * has joined and that is not approved yet is approved and paid, as the Verify button would. A change for
 * someone with no participation, or who left, changes nothing. Answers the quests approved by this call.
 */
export async function approveJoinsFromChatMember(db: DbOrTx, change: ChatMemberChange, now: Date): Promise<string[]> {
  if (!change.joined) return [];
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.telegramId, change.telegramUserId), eq(users.isActive, true)))
    .limit(1);
  if (!user) return [];
  const sameChat = change.chatUsername
    ? or(
        eq(quests.telegramChatId, change.chatId),
        sql`lower(${quests.channelUsername}) = lower(${change.chatUsername})`,
      )
    : eq(quests.telegramChatId, change.chatId);
  const waiting = await db
    .select({ completionId: questCompletions.id, questId: quests.id })
    .from(questCompletions)
    .innerJoin(quests, eq(quests.id, questCompletions.questId))
    .where(
      and(
        eq(questCompletions.userId, user.id),
        ne(questCompletions.verificationStatus, 'approved'),
        eq(quests.taskType, 'join'),
        eq(quests.isHidden, false),
        ne(quests.status, 'hidden'),
        sameChat,
      ),
    );
  const approved: string[] = [];
  for (const w of waiting) {
    try {
      const q = await getVisibleQuest(db, w.questId);
      if (await approveJoinedMember(db, q, w.completionId, now)) approved.push(q.id);
    } catch (err) {
      // Not payable now (the escrow ran dry, the quest went): the member's Verify shows why.
      if (!(err instanceof AppError)) throw err;
    }
  }
  return approved;
}
