import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { queueBotMessage } from '../bot/bot.service.ts';
import { sendStreakReminders } from './streak-reminders.service.ts';

/** Queue name of the reminder scan (pg-boss cron: once across instances). */
export const STREAK_REMINDER_SCAN = 'streak-reminder-scan';

/**
 * Daily streak reminders (issue #16 item 7): every 15 minutes one instance scans for members whose reminder
 * hour it is and who have not checked in, and queues their bot message (once a local day each).
 */
export async function streakRemindersJob(app: AppInstance, { deps }: ModuleOptions) {
  const { jobs, database } = deps;
  await jobs.createQueue(STREAK_REMINDER_SCAN, { policy: 'singleton', retryLimit: 0 });
  await jobs.work(STREAK_REMINDER_SCAN, async () => {
    const sent = await sendStreakReminders(database.db, deps.now(), (tx, message) =>
      queueBotMessage(tx, jobs, message),
    );
    if (sent > 0) app.log.info({ sent }, 'streak reminders queued');
  });
  await jobs.schedule(STREAK_REMINDER_SCAN, '*/15 * * * *');
}
