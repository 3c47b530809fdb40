import type { AppInstance, ModuleOptions } from '../app-types.ts';
import { deleteDeliveredEvents } from './outbox.ts';

export const OUTBOX_CLEANUP = 'outbox-cleanup';
/** Delivered events are kept this long: well past the last retry of a failing consumer (hours), for inquiry. */
export const OUTBOX_RETENTION_MS = 7 * 24 * 3600_000;
/** Every hour, on one instance (pg-boss cron), the outbox drops what it delivered more than a week ago. */
export async function outboxCleanupJob(app: AppInstance, { deps }: ModuleOptions) {
  const { jobs, database } = deps;
  await jobs.createQueue(OUTBOX_CLEANUP, { policy: 'singleton', retryLimit: 0 });
  await jobs.work(OUTBOX_CLEANUP, async () => {
    const removed = await deleteDeliveredEvents(database.db, new Date(deps.now().getTime() - OUTBOX_RETENTION_MS));
    if (removed > 0) app.log.info({ removed }, 'outbox: delivered events removed');
  });
  await jobs.schedule(OUTBOX_CLEANUP, '17 * * * *');
}
