import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import type { Job } from '../../integrations/job-queue.ts';
import { BOT_MESSAGE_QUEUE, BOT_REVIEW_DIGEST_QUEUE } from './bot-queues.ts';
import { deliverBotMessage, queueReviewDigest, type BotMessage } from './bot.service.ts';

/** How many queued messages one instance takes at a time: the messenger paces them, not the queue. */
const BATCH = 30;

/**
 * The workers that send bot messages (docs/decisions/0012), on every instance: each queued message goes to one
 * of them (pg-boss), through the app's one messenger (the pace: 1/s per chat, TELEGRAM_SEND_PER_SECOND overall,
 * a short `retry_after` waited for). A long `retry_after` puts the message back on the queue for that long; a
 * network or 5xx failure is retried by the queue with back-off. The digest worker turns a quest's pending
 * submissions into one message, at most every ten minutes. Also sets the bot's menu button to open the app.
 */
export async function botMessagesJob(app: AppInstance, { deps }: ModuleOptions) {
  const { jobs, database, messenger, config } = deps;
  const db = database.db;

  const deliver = async (job: Job<BotMessage>) => {
    try {
      const outcome = await deliverBotMessage(db, messenger, job.data, {
        publicUrl: config.publicUrl,
        now: deps.now(),
        log: app.log,
      });
      if (outcome.status === 'retry_later')
        await jobs.send(BOT_MESSAGE_QUEUE, job.data, { startAfter: outcome.retryAfterSeconds });
      return { id: job.id, status: 'completed' as const, output: { status: outcome.status } };
    } catch (err) {
      app.log.warn({ err, job: job.id }, 'bot message failed; the queue retries it');
      return { id: job.id, status: 'failed' as const, output: { message: String(err) } };
    }
  };

  // Members are served side by side; one member's messages one after another, in the order they were queued
  // (an approval before its reward), so the per-chat pace cannot reorder them.
  await jobs.work<BotMessage>(
    BOT_MESSAGE_QUEUE,
    { batchSize: BATCH, pollingIntervalSeconds: 0.5, perJobResults: true },
    async (batch) => {
      const byMember = new Map<string, Job<BotMessage>[]>();
      for (const job of batch) byMember.set(job.data.userId, [...(byMember.get(job.data.userId) ?? []), job]);
      const results = await Promise.all(
        [...byMember.values()].map(async (list) => {
          const done = [];
          for (const job of list.sort((a, b) => (a.data.seq ?? 0) - (b.data.seq ?? 0))) done.push(await deliver(job));
          return done;
        }),
      );
      return results.flat();
    },
  );

  await jobs.work<{ questId: string }>(BOT_REVIEW_DIGEST_QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
    if (job) await queueReviewDigest(db, jobs, job.data.questId, deps.now());
  });

  if (messenger.configured)
    app.addHook('onReady', async () => {
      messenger
        .setMenuButton({ text: `Open ${config.productName}`, url: config.publicUrl })
        .catch((err: unknown) => app.log.warn({ err }, 'could not set the bot menu button'));
    });
}
