import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { CommittedEvent, DomainEventType } from '../../events/domain-events.ts';
import type { DurableConsumer } from '../../events/event-bus.ts';
import { sendInTransaction, type PgBoss } from '../../integrations/job-queue.ts';
import { BOT_MESSAGE_QUEUE, BOT_REVIEW_DIGEST_QUEUE } from './bot-queues.ts';
import { isMemberConnected } from '../live/presence.service.ts';
import { notificationsFor } from '../notifications/notification-texts.service.ts';
import { botMessagesOn, messageSeq, nextReviewDigestAt, type BotMessage } from './bot.service.ts';

/** The events that give a bot message (docs/decisions/0012). */
const TOLD: ReadonlySet<DomainEventType> = new Set([
  'completion.approved',
  'completion.rejected',
  'reward.paid',
  'perk.redeemed',
  'transfer.completed',
  'message.sent',
  'completion.submitted',
  'announcement.batch',
]);

/**
 * The bot message an event gives each member it tells: the same words and app link as the notification (title,
 * then the message). New submissions are told in batches instead (the digest queue).
 */
export function botMessagesFor(event: CommittedEvent): BotMessage[] {
  if (!TOLD.has(event.type) || event.type === 'completion.submitted') return [];
  return notificationsFor(event).map(({ userId, input }) => {
    // The button opens the app at an in-app link; an outside link (an announcement's) is written in the text.
    const inApp = !input.link || input.link.startsWith('/');
    const text = [input.title, input.message, inApp ? '' : input.link].filter(Boolean).join('\n');
    return { userId, text, path: inApp ? (input.link ?? '/home') : '/notifications' };
  });
}

/**
 * Bot messages from committed events (docs/decisions/0012): each message for a member who may receive it is
 * queued in the consumer's transaction (so exactly once per event, even when the consumer is retried); the
 * queue's worker sends it through the paced messenger. A chat message is told only to a member with no live
 * stream open on any instance; a new submission queues its quest's digest, at most one message per ten minutes.
 */
export function botMessagesConsumer(deps: { jobs: PgBoss; config: Config; now: () => Date }): DurableConsumer {
  return {
    name: 'bot-messages',
    wants: (event) => Boolean(deps.config.telegram.botToken) && TOLD.has(event.type),
    async handle(tx: DbOrTx, event) {
      if (event.type === 'completion.submitted') {
        const { questId, creatorId } = event.payload;
        if (!creatorId || !(await botMessagesOn(tx, creatorId))) return;
        const at = await nextReviewDigestAt(tx, questId, deps.now());
        const delaySeconds = Math.max(0, Math.ceil((at.getTime() - deps.now().getTime()) / 1000));
        await sendInTransaction(
          deps.jobs,
          tx,
          BOT_REVIEW_DIGEST_QUEUE,
          { questId },
          { singletonKey: questId, ...(delaySeconds > 0 ? { startAfter: delaySeconds } : {}) },
        );
        return;
      }
      for (const message of botMessagesFor(event)) {
        if (!(await botMessagesOn(tx, message.userId))) continue;
        if (event.type === 'message.sent' && (await isMemberConnected(tx, message.userId))) continue;
        await sendInTransaction(deps.jobs, tx, BOT_MESSAGE_QUEUE, { ...message, seq: messageSeq() });
      }
    },
  };
}
