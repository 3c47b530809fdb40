import type { DbOrTx } from '../../db/client.ts';
import type { DurableConsumer } from '../../events/event-bus.ts';
import { notificationsFor } from './notification-texts.service.ts';
import { notify } from './notifications.service.ts';

/** Creates the notifications an event gives; each one's live event commits with it (notify()). */
export const notificationsConsumer: DurableConsumer = {
  name: 'notifications',
  wants: (event) => notificationsFor(event).length > 0,
  async handle(tx: DbOrTx, event) {
    for (const { userId, input } of notificationsFor(event)) await notify(tx, userId, input);
  },
};
