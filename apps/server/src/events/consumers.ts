import type { EventBus } from './event-bus.ts';
import type { Config } from '../config.ts';
import type { LiveEvents } from '../integrations/live-events.ts';
import type { PgBoss } from '../integrations/job-queue.ts';
import { accountLiveConsumer } from '../modules/live/account-live.consumer.ts';
import { chatLiveConsumer } from '../modules/live/chat-live.consumer.ts';
import { notificationLiveConsumer } from '../modules/live/notification-live.consumer.ts';
import { viewCacheConsumer } from './view-cache.consumer.ts';
import { homeCacheConsumer } from '../modules/home/home-cache.consumer.ts';
import { exploreSearchCacheConsumer } from '../modules/explore/search-cache.consumer.ts';
import { walletLiveConsumer } from '../modules/live/wallet-live.consumer.ts';
import { notificationsConsumer } from '../modules/notifications/notifications.consumer.ts';
import { botMessagesConsumer } from '../modules/bot/bot-messages.consumer.ts';
import { createBotQueues } from '../modules/bot/bot-queues.ts';
import { referralsConsumer } from '../modules/engagement/referrals.consumer.ts';
import { questXpConsumer } from '../modules/engagement/quest-xp.consumer.ts';
import { leaderboardCacheConsumer } from '../modules/engagement/leaderboard-cache.consumer.ts';

/** Every consumer of domain events, in one visible list (leaderboards and webhooks join here). */
export async function registerConsumers(
  events: EventBus,
  deps: { live: LiveEvents; jobs: PgBoss; config: Config; now: () => Date },
): Promise<void> {
  events.onCommit(viewCacheConsumer);
  events.onCommit(homeCacheConsumer);
  events.onCommit(exploreSearchCacheConsumer);
  events.onCommit(accountLiveConsumer(deps.live));
  events.onCommit(walletLiveConsumer(deps.live));
  events.onCommit(leaderboardCacheConsumer);
  await events.consume(notificationsConsumer);
  await events.consume(chatLiveConsumer);
  await events.consume(notificationLiveConsumer);
  await events.consume(referralsConsumer(deps));
  await events.consume(questXpConsumer);
  // Bot messages to members: queued here, sent by the workers of modules/bot/bot-messages.job.ts.
  await createBotQueues(deps.jobs);
  await events.consume(botMessagesConsumer(deps));
}
