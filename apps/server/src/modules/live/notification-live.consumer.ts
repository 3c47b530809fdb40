import type { DbOrTx } from '../../db/client.ts';
import type { DurableConsumer } from '../../events/event-bus.ts';
import { publishLiveEvent } from '../../integrations/live-events.ts';

/** Notifications read in one tab: the member's other tabs refresh their bell and list. */
export const notificationLiveConsumer: DurableConsumer = {
  name: 'live-notifications-read',
  wants: (event) => event.type === 'notifications.read',
  async handle(tx: DbOrTx, event) {
    if (event.type !== 'notifications.read') return;
    const { userId, notificationId } = event.payload;
    await publishLiveEvent(
      tx,
      userId,
      notificationId ? { type: 'notification', id: notificationId } : { type: 'notification' },
    );
  },
};
