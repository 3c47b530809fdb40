import type { InProcessConsumer } from '../../events/event-bus.ts';
import { invalidateBoards } from './leaderboard.service.ts';

/**
 * Boards' counts and ranks are kept in memory on each instance (leaderboard.service.ts): XP awarded, a profile
 * hidden or unhidden by staff, or an account disabled changes them, so each instance rebuilds on its next read.
 */
export const leaderboardCacheConsumer: InProcessConsumer = {
  name: 'leaderboard-cache',
  handle(event) {
    if (
      event.type === 'xp.awarded' ||
      event.type === 'account.disabled' ||
      (event.type === 'content.moderated' && event.payload.targetType === 'profile')
    )
      invalidateBoards();
  },
};
