import type { CommittedEvent } from '../../events/domain-events.ts';
import type { InProcessConsumer } from '../../events/event-bus.ts';
import { homeContentChanged } from './homepage-cache.ts';

/** Whether an event changes what the home screen shows (quests, perks, their counts and stock). */
export function changesHome(event: CommittedEvent): boolean {
  switch (event.type) {
    case 'quest.published':
    case 'quest.updated':
    case 'quest.closed':
    case 'quest.deleted':
    case 'quest.expired':
    case 'quest.joined':
    case 'completion.approved':
    case 'perk.created':
    case 'perk.updated':
    case 'perk.deleted':
    case 'banner.changed':
    case 'home_section.changed':
    case 'featured.changed':
      return true;
    case 'content.moderated':
      return event.payload.targetType !== 'message';
    case 'perk.redeemed':
      return event.payload.limited;
    default:
      return false;
  }
}

/** This process's home cache recomputes on its next read once such a change has committed. */
export const homeCacheConsumer: InProcessConsumer = {
  name: 'home-cache',
  handle(event) {
    if (changesHome(event)) homeContentChanged();
  },
};
