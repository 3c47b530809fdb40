import type { PgBoss } from '../../integrations/job-queue.ts';

/** Queue of single bot messages (one job per message), and of the per-quest "submissions are waiting" digests. */
export const BOT_MESSAGE_QUEUE = 'bot-message';
export const BOT_REVIEW_DIGEST_QUEUE = 'bot-review-digest';

/** The queues, created before any consumer can queue into them. */
export async function createBotQueues(jobs: PgBoss): Promise<void> {
  await jobs.createQueue(BOT_MESSAGE_QUEUE, { retryLimit: 5, retryDelay: 5, retryBackoff: true, retryDelayMax: 600 });
  // One digest queued per quest at a time (`short`: one queued job per singleton key); a second submission
  // while one waits changes nothing, since the digest counts what is pending when it runs.
  await jobs.createQueue(BOT_REVIEW_DIGEST_QUEUE, {
    policy: 'short',
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
  });
}
