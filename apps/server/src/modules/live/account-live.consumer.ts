import type { InProcessConsumer } from '../../events/event-bus.ts';
import type { LiveEvents } from '../../integrations/live-events.ts';

/**
 * A disabled account's streams close and every instance forgets its cached status at once. In-process on
 * every instance (each holds its own streams and cache), so it also acts when the admin script, which runs
 * no consumers, made the change.
 */
export function accountLiveConsumer(live: LiveEvents): InProcessConsumer {
  return {
    name: 'live-account',
    handle(event) {
      if (event.type === 'account.disabled') live.deliverLocal(event.payload.userId, { type: 'account_disabled' });
    },
  };
}
