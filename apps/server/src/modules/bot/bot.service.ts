import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  botRecipients,
  botReviewDigests,
  questCompletions,
  quests,
  users,
  userSettings,
} from '../../db/schema/index.ts';
import { sendInTransaction, type PgBoss } from '../../integrations/job-queue.ts';
import type { BotMessenger, SendOutcome } from '../../integrations/telegram-messenger.ts';
import type { Log } from '../../lib/log.ts';
import { BOT_MESSAGE_QUEUE, BOT_REVIEW_DIGEST_QUEUE } from './bot-queues.ts';

/**
 * The bot's messages to members (docs/decisions/0012): who may receive them, and delivering one. A member
 * receives bot messages when they have a Telegram account linked, allowed the bot to write to them, have not
 * blocked it since, are active, and have notifications on.
 */

/** Least time between two "submissions are waiting" messages about one quest. */
export const REVIEW_DIGEST_INTERVAL_MS = 10 * 60 * 1000;

/**
 * A bot message as it is queued: to whom, what it says, the app screen its Open button opens, and `seq` (when it
 * was queued, in this process's monotonic milliseconds) to keep one member's messages in order.
 */
export type BotMessage = { userId: string; text: string; path: string; seq?: number };

/** Monotonic within a process, so messages queued by one transaction keep the order they were made in. */
export const messageSeq = () => performance.timeOrigin + performance.now();

/** Queues one bot message in the caller's transaction: it exists exactly when that transaction commits. */
export async function queueBotMessage(tx: DbOrTx, jobs: PgBoss, message: BotMessage): Promise<void> {
  await sendInTransaction(jobs, tx, BOT_MESSAGE_QUEUE, { ...message, seq: message.seq ?? messageSeq() });
}

/** The member allowed the bot to write to them (a `/start`, or `requestWriteAccess` granted in the app). */
export async function allowBotMessages(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .insert(botRecipients)
    .values({ userId, allowedAt: now, blockedAt: null, updatedAt: now })
    .onConflictDoUpdate({
      target: botRecipients.userId,
      set: {
        allowedAt: sql`coalesce(${botRecipients.allowedAt}, excluded.allowed_at)`,
        blockedAt: null,
        updatedAt: now,
      },
    });
}

/**
 * The member signed in through Telegram: they are back, so a block recorded earlier is lifted (a new 403 would
 * record it again), and Mini App data that says `allows_write_to_pm` counts as their permission.
 */
export async function telegramMemberReturned(
  db: DbOrTx,
  userId: string,
  opts: { allowsWriteToPm: boolean; now: Date },
): Promise<void> {
  if (opts.allowsWriteToPm) return allowBotMessages(db, userId, opts.now);
  await db
    .update(botRecipients)
    .set({ blockedAt: null, updatedAt: opts.now })
    .where(and(eq(botRecipients.userId, userId), isNotNull(botRecipients.blockedAt)));
}

/** A `/start` from a Telegram account: allows bot messages to the member it is linked to (if any). */
export async function allowBotMessagesFromTelegram(db: DbOrTx, telegramId: string, now: Date): Promise<string | null> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.telegramId, telegramId)).limit(1);
  if (!user) return null;
  await allowBotMessages(db, user.id, now);
  return user.id;
}

/** Telegram answered 403: no more bot messages to this member until they come back. */
export async function markBotBlocked(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .update(botRecipients)
    .set({ blockedAt: now, updatedAt: now })
    .where(and(eq(botRecipients.userId, userId), isNull(botRecipients.blockedAt)));
}

/** The member's Telegram chat when the bot may write to them now, else null. */
export async function botChatOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ chatId: users.telegramId })
    .from(users)
    .innerJoin(botRecipients, eq(botRecipients.userId, users.id))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(
      and(
        eq(users.id, userId),
        eq(users.isActive, true),
        isNotNull(users.telegramId),
        isNotNull(botRecipients.allowedAt),
        isNull(botRecipients.blockedAt),
        sql`coalesce(${userSettings.notificationsEnabled}, true)`,
      ),
    )
    .limit(1);
  return row?.chatId ?? null;
}

/** `POST telegram/write-access/`: the member granted write access in the app; whether bot messages reach them now. */
export async function grantBotWriteAccess(db: DbOrTx, userId: string, now: Date): Promise<{ bot_messages: boolean }> {
  await allowBotMessages(db, userId, now);
  return { bot_messages: await botMessagesOn(db, userId) };
}

/** What the member's next bot message would meet: whether one would be sent now. */
export async function botMessagesOn(db: DbOrTx, userId: string): Promise<boolean> {
  return (await botChatOf(db, userId)) !== null;
}

export type DeliveryResult = SendOutcome | { status: 'skipped' };

/**
 * Sends one queued bot message, if its member may still receive it (they may have turned notifications off or
 * blocked the bot since it was queued). A 403 marks the member as having blocked the bot.
 */
export async function deliverBotMessage(
  db: Db,
  messenger: BotMessenger,
  message: BotMessage,
  opts: { publicUrl: string; now: Date; log: Log },
): Promise<DeliveryResult> {
  const chatId = await botChatOf(db, message.userId);
  if (!chatId || !messenger.configured) return { status: 'skipped' };
  const outcome = await messenger.send(chatId, message.text, {
    text: 'Open',
    url: appUrl(opts.publicUrl, message.path),
  });
  if (outcome.status === 'blocked') {
    await markBotBlocked(db, message.userId, opts.now);
    opts.log.info({ userId: message.userId, reason: outcome.description }, 'bot messages stopped: blocked');
  } else if (outcome.status === 'rejected') {
    opts.log.warn({ userId: message.userId, reason: outcome.description }, 'bot message refused by Telegram');
  }
  return outcome;
}

/** The address that opens the Mini App (or the web app) at an in-app path. */
export function appUrl(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * When the next "submissions are waiting" message about a quest may go: now, or ten minutes after the last.
 */
export async function nextReviewDigestAt(db: DbOrTx, questId: string, now: Date): Promise<Date> {
  const [row] = await db
    .select({ last: botReviewDigests.lastSentAt })
    .from(botReviewDigests)
    .where(eq(botReviewDigests.questId, questId))
    .limit(1);
  const next = row ? row.last.getTime() + REVIEW_DIGEST_INTERVAL_MS : 0;
  return new Date(Math.max(now.getTime(), next));
}

/**
 * The "submissions are waiting" message of one quest, decided once across instances: the quest's digest row is
 * locked; when the last message went less than ten minutes ago the answer is when to try again; otherwise, if
 * submissions are pending and the creator may receive bot messages, the message to queue (and the row records it
 * as sent now). The caller queues it in the same transaction.
 */
export async function takeReviewDigest(
  tx: DbOrTx,
  questId: string,
  now: Date,
): Promise<{ message: BotMessage } | { retryAt: Date } | null> {
  await tx
    .insert(botReviewDigests)
    .values({ questId, lastSentAt: new Date(0) })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ last: botReviewDigests.lastSentAt })
    .from(botReviewDigests)
    .where(eq(botReviewDigests.questId, questId))
    .for('update');
  if (!row) return null; // the quest was deleted
  const next = row.last.getTime() + REVIEW_DIGEST_INTERVAL_MS;
  if (next > now.getTime()) return { retryAt: new Date(next) };
  const [q] = await tx
    .select({ title: quests.title, creatorId: quests.creatorId })
    .from(quests)
    .where(eq(quests.id, questId))
    .limit(1);
  if (!q?.creatorId) return null;
  const [pending] = await tx
    .select({ n: count() })
    .from(questCompletions)
    .where(and(eq(questCompletions.questId, questId), eq(questCompletions.verificationStatus, 'pending')));
  const n = pending?.n ?? 0;
  if (n === 0 || !(await botMessagesOn(tx, q.creatorId))) return null;
  await tx.update(botReviewDigests).set({ lastSentAt: now }).where(eq(botReviewDigests.questId, questId));
  return {
    message: { userId: q.creatorId, text: reviewDigestText(q.title, n), path: `/quest/${questId}`, seq: messageSeq() },
  };
}

/**
 * Runs a quest's digest job: queues its message, or (when the last one went less than ten minutes ago) the
 * digest again for when it may go; in one transaction with the digest row, so it is decided once.
 */
export async function queueReviewDigest(db: Db, jobs: PgBoss, questId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const digest = await takeReviewDigest(tx, questId, now);
    if (!digest) return;
    if ('retryAt' in digest) {
      const startAfter = Math.max(1, Math.ceil((digest.retryAt.getTime() - now.getTime()) / 1000));
      await sendInTransaction(jobs, tx, BOT_REVIEW_DIGEST_QUEUE, { questId }, { singletonKey: questId, startAfter });
      return;
    }
    await sendInTransaction(jobs, tx, BOT_MESSAGE_QUEUE, digest.message);
  });
}

export const reviewDigestText = (questTitle: string, pending: number) =>
  `New submissions to review\n${pending === 1 ? '1 submission is' : `${pending} submissions are`} waiting for your review on "${questTitle}".`;
