import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { dueQuestIds, expireQuest } from './quests.service.ts';

/**
 * Queue names: a scan every minute (pg-boss cron: once across instances), or every QUEST_EXPIRY_SCAN_SECONDS,
 * then one job per due quest.
 */
export const QUEST_EXPIRY_SCAN = 'quest-expiry-scan';
export const QUEST_EXPIRE = 'quest-expire';

/**
 * Quests past their deadline stop being joinable and return unused escrow. A job on the queue, not a timer
 * in every process: the scan runs once a minute on one instance and queues each due quest once (its id is
 * the job's singleton key); the quest's own job expires it in one transaction (locked and re-checked), so
 * even a quest queued twice is expired once. `quest.expired` tells the home cache and the creator's wallet.
 */
export async function questExpiryJob(app: AppInstance, { deps }: ModuleOptions) {
  const { jobs, database } = deps;
  await jobs.createQueue(QUEST_EXPIRY_SCAN, { policy: 'singleton', retryLimit: 0 });
  await jobs.createQueue(QUEST_EXPIRE, { policy: 'short', retryLimit: 5, retryDelay: 5, retryBackoff: true });
  await jobs.work(QUEST_EXPIRY_SCAN, async () => {
    for (const questId of await dueQuestIds(database.db, deps.now()))
      await jobs.send(QUEST_EXPIRE, { questId }, { singletonKey: questId });
  });
  await jobs.work<{ questId: string }>(QUEST_EXPIRE, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (job) await expireQuest(database.db, job.data.questId, deps.now());
  });
  await jobs.schedule(QUEST_EXPIRY_SCAN, '* * * * *');
  const every = deps.config.questExpiryScanSeconds;
  if (every < 60) {
    // A cron occurrence is a whole minute. A shorter scan is asked for by every instance, and the queue keeps one
    // per `every`-second slot across them (singletonSeconds: the same throttle pg-boss files cron jobs under).
    let closed = false;
    const timer = setInterval(() => {
      jobs.send(QUEST_EXPIRY_SCAN, {}, { singletonSeconds: every }).catch((err: unknown) => {
        if (!closed) app.log.error({ err }, 'quest expiry scan not queued');
      });
    }, every * 1000);
    app.addHook('onClose', async () => {
      closed = true;
      clearInterval(timer);
    });
  }
  app.log.debug('quest expiry scheduled');
}
