import type { ExploreKind } from '@wyn/contract';
import type { CommittedEvent, DomainEvents } from '../../events/domain-events.ts';
import type { InProcessConsumer } from '../../events/event-bus.ts';
import { touchTag } from '../../lib/view-cache.ts';
import { EXPLORE_TAG, searchContentChanged } from './search-cache.ts';

/** The search kind of what staff can hide (messages are not searched). */
const CONTENT_KIND: Record<DomainEvents['content.moderated']['targetType'], ExploreKind | null> = {
  quest: 'tasks',
  perk: 'perks',
  profile: 'users',
  message: null,
};

/**
 * Which kind of search matches an event can take away: quests and perks by an edit, a close, a delete, an expiry or
 * staff hiding; members by a new name, a disabled account, a profile made private or staff hiding it.
 */
export function searchMatchesChanged(event: CommittedEvent): ExploreKind | null {
  switch (event.type) {
    case 'quest.updated':
    case 'quest.closed':
    case 'quest.deleted':
    case 'quest.expired':
      return 'tasks';
    case 'perk.updated':
    case 'perk.deleted':
      return 'perks';
    case 'member.renamed':
    case 'account.disabled':
      return 'users';
    case 'profile.privacy_changed':
      // Made public again only adds matches (a payload cut from a long NOTIFY counts as a change).
      return event.payload.private === false ? null : 'users';
    case 'content.moderated':
      return CONTENT_KIND[event.payload.targetType] ?? null;
    default:
      return null;
  }
}

/** Events that change nothing search finds or its cards show: only chats, notifications and wallets. */
const OUTSIDE_SEARCH = new Set<CommittedEvent['type']>([
  'message.sent',
  'chat.read',
  'notifications.read',
  'announcement.batch',
  'transfer.completed',
  'streak.checked_in',
  'streak.repaired',
]);

/**
 * This process forgets which search terms were broad for a kind once such a change has committed, and drops the
 * searches it keeps for members (`EXPLORE_TAG`) on any change to quests, perks or members.
 */
export const exploreSearchCacheConsumer: InProcessConsumer = {
  name: 'explore-search-cache',
  handle(event) {
    const kind = searchMatchesChanged(event);
    if (kind) searchContentChanged(kind);
    if (!OUTSIDE_SEARCH.has(event.type)) touchTag(EXPLORE_TAG);
  },
};
