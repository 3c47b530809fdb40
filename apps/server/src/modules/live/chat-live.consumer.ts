import type { DbOrTx } from '../../db/client.ts';
import type { DurableConsumer } from '../../events/event-bus.ts';
import { publishLiveEvent } from '../../integrations/live-events.ts';

/**
 * Chat hints for open tabs, after commit: a new message to the receiver and to the sender's other tabs; a read
 * receipt to the member whose messages were read and to the reader's other tabs (and, when the chat's "New
 * message" notifications were read with it, a hint that the bell count changed).
 */
export const chatLiveConsumer: DurableConsumer = {
  name: 'live-chat',
  wants: (event) => event.type === 'message.sent' || event.type === 'chat.read',
  async handle(tx: DbOrTx, event) {
    if (event.type === 'message.sent') {
      const { messageId, senderId, receiverId } = event.payload;
      await publishLiveEvent(tx, receiverId, { type: 'message', id: messageId, from: senderId });
      await publishLiveEvent(tx, senderId, { type: 'message', id: messageId, from: senderId });
    } else if (event.type === 'chat.read') {
      const { readerId, otherId, notificationId } = event.payload;
      await publishLiveEvent(tx, otherId, { type: 'message_read', id: readerId, from: readerId });
      await publishLiveEvent(tx, readerId, { type: 'message_read', id: otherId, from: readerId });
      if (notificationId) await publishLiveEvent(tx, readerId, { type: 'notification', id: notificationId });
    }
  },
};
