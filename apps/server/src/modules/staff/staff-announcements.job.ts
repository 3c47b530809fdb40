import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { ANNOUNCEMENT_QUEUE, deliverAnnouncement } from './staff-announcements.service.ts';

/**
 * Delivers staff announcements (issue #15 item 7): one job per announcement, queued with it; retried with
 * back-off when it fails (delivery is all or nothing, see deliverAnnouncement).
 */
export async function staffAnnouncementsJob(app: AppInstance, { deps }: ModuleOptions) {
  const { jobs, database } = deps;
  await jobs.createQueue(ANNOUNCEMENT_QUEUE, { retryLimit: 5, retryDelay: 5, retryBackoff: true });
  await jobs.work<{ announcementId: string }>(ANNOUNCEMENT_QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
    if (!job) return;
    const sent = await deliverAnnouncement(database.db, job.data.announcementId, deps.now());
    if (sent !== null) app.log.info({ announcement: job.data.announcementId, sent }, 'announcement delivered');
  });
}
