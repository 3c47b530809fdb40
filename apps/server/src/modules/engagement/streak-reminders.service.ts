import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { streaks, users, userSettings } from '../../db/schema/index.ts';
import { botMessagesOn, type BotMessage } from '../bot/bot.service.ts';
import { addDays, localDay, localHour } from './streak-days.ts';

/**
 * Daily streak reminders through the bot (issue #16 item 7): at the member's `reminder_hour` in their timezone,
 * when they turned reminders on, may receive bot messages (linked Telegram, allowed, not blocked, notifications
 * on) and have not checked in that day. At most one a local day (`streaks.reminded_day`, set in the transaction
 * that queues the message, on the locked row), however often the scan runs or on how many instances.
 */

export type QueueMessage = (tx: DbOrTx, message: BotMessage) => Promise<void>;

/** What the reminder says: the streak at stake, or an invitation to start one. */
export function reminderText(current: number): string {
  return current > 0
    ? `Keep your streak going\nYou are on a ${current}-day streak. Check in today so it does not break.`
    : 'Time for your daily check-in\nCheck in today to earn W and XP and start a streak.';
}

/**
 * Members whose reminder hour it is now in their own timezone, reminders on, not checked in or reminded today.
 * The hour and day are worked out by PostgreSQL per member (`at time zone`), so the scan reads only them.
 */
async function dueMembers(db: DbOrTx, now: Date): Promise<string[]> {
  // A zone the app's ICU knows but this PostgreSQL's tz data does not (a newer one) would make `at time zone`
  // fail the whole scan: such a member gets null here (no reminder) instead of stopping everyone's.
  const local = sql`(case when ${userSettings.timezone} in (select name from pg_timezone_names)
    then ${now.toISOString()}::timestamptz at time zone ${userSettings.timezone} end)`;
  const rows = await db
    .select({ userId: userSettings.userId })
    .from(userSettings)
    .innerJoin(users, eq(users.id, userSettings.userId))
    .leftJoin(streaks, eq(streaks.userId, userSettings.userId))
    .where(
      and(
        eq(userSettings.streakReminders, true),
        eq(userSettings.notificationsEnabled, true),
        eq(users.isActive, true),
        sql`${users.telegramId} is not null`,
        sql`extract(hour from ${local})::int = ${userSettings.reminderHour}`,
        sql`(${streaks.lastDay} is null or ${streaks.lastDay} < ${local}::date)`,
        sql`(${streaks.remindedDay} is null or ${streaks.remindedDay} < ${local}::date)`,
      ),
    );
  return rows.map((r) => r.userId);
}

/** Reminds one member, decided on their locked streak row; whether a message was queued. */
async function remind(db: Db, userId: string, now: Date, queue: QueueMessage): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [settings] = await tx
      .select({ tz: userSettings.timezone, hour: userSettings.reminderHour, on: userSettings.streakReminders })
      .from(userSettings)
      .where(eq(userSettings.userId, userId))
      .limit(1);
    if (!settings?.on || localHour(now, settings.tz) !== settings.hour) return false;
    const today = localDay(now, settings.tz);
    await tx.insert(streaks).values({ userId }).onConflictDoNothing();
    const [row] = await tx.select().from(streaks).where(eq(streaks.userId, userId)).for('update');
    if (!row || (row.lastDay && row.lastDay >= today) || (row.remindedDay && row.remindedDay >= today)) return false;
    if (!(await botMessagesOn(tx, userId))) return false;
    const alive = row.lastDay === addDays(today, -1);
    await tx.update(streaks).set({ remindedDay: today }).where(eq(streaks.userId, userId));
    await queue(tx, { userId, text: reminderText(alive ? row.current : 0), path: '/home' });
    return true;
  });
}

/** The scan: reminds every member due now; how many were reminded. */
export async function sendStreakReminders(db: Db, now: Date, queue: QueueMessage): Promise<number> {
  let sent = 0;
  for (const userId of await dueMembers(db, now)) if (await remind(db, userId, now, queue)) sent += 1;
  return sent;
}
