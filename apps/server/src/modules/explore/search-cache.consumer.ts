import type { CommittedEvent } from '../../events/domain-events.ts';
import type { InProcessConsumer } from '../../events/event-bus.ts';
import { searchContentChanged } from './search-cache.ts';

/** Which kind of search matches an event can take away (an edit, a close, a delete, an expiry, staff hiding). */
export function searchMatchesChanged(event: CommittedEvent): 'tasks' | 'perks' | null {
  switch (event.type) {
    case 'quest.updated':
    case 'quest.closed':
    case 'quest.deleted':
    case 'quest.expired':
      return 'tasks';
    case 'perk.updated':
    case 'perk.deleted':
      return 'perks';
    case 'content.moderated':
      return event.payload.targetType === 'quest' ? 'tasks' : event.payload.targetType === 'perk' ? 'perks' : null;
    default:
      return null;
  }
}

/** This process forgets which search terms were broad for a kind once such a change has committed. */
export const exploreSearchCacheConsumer: InProcessConsumer = {
  name: 'explore-search-cache',
  handle(event) {
    const kind = searchMatchesChanged(event);
    if (kind) searchContentChanged(kind);
  },
};
