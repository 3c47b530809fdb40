import type { EventBus } from './event-bus.ts';
import { homeCacheConsumer } from '../modules/home/home-cache.consumer.ts';
import { walletLiveConsumer } from '../modules/live/wallet-live.consumer.ts';
import { notificationsConsumer } from '../modules/notifications/notifications.consumer.ts';

/** Every consumer of domain events, in one visible list (bot messages, leaderboards and webhooks join here). */
export async function registerConsumers(events: EventBus): Promise<void> {
  events.onCommit(homeCacheConsumer);
  await events.consume(notificationsConsumer);
  await events.consume(walletLiveConsumer);
}
