import type { CommittedEvent } from '../../events/domain-events.ts';
import type { InProcessConsumer } from '../../events/event-bus.ts';
import type { LiveEvents } from '../../integrations/live-events.ts';

/** Members whose wallet balance an event changed (escrow moves change the creator's balance). */
export function walletsChangedBy(event: CommittedEvent): string[] {
  const ids: (string | null)[] = [];
  switch (event.type) {
    case 'transfer.completed':
      ids.push(event.payload.senderId, event.payload.recipientId);
      break;
    case 'reward.paid':
      ids.push(event.payload.userId, event.payload.payerId);
      break;
    case 'perk.redeemed':
      ids.push(event.payload.redeemerId, event.payload.creatorId);
      break;
    case 'season.prize_paid':
      ids.push(event.payload.userId);
      break;
    case 'streak.checked_in':
      if (event.payload.rewardCents > 0) ids.push(event.payload.userId);
      break;
    case 'streak.repaired':
      if (event.payload.chargedCents > 0) ids.push(event.payload.userId);
      break;
    case 'referral.rewarded':
      if (event.payload.welcomeCents > 0) ids.push(event.payload.inviteeId);
      if (event.payload.referrerRewardCents > 0) ids.push(event.payload.referrerId);
      break;
    case 'quest.published':
    case 'quest.closed':
    case 'quest.deleted':
    case 'quest.expired':
      ids.push(event.payload.creatorId);
      break;
    case 'quest.updated':
      if (event.payload.walletChanged) ids.push(event.payload.creatorId);
      break;
    default:
  }
  return [...new Set(ids.filter((id): id is string => id !== null))];
}

/**
 * Tells each member's open tabs that their balance changed, so the wallet refetches it. In-process on every
 * instance (each holds its own streams), from the event every instance hears anyway: a durable consumer cost
 * every money movement a transaction of its own and a NOTIFY before it was answered (docs/performance.md).
 */
export function walletLiveConsumer(live: LiveEvents): InProcessConsumer {
  return {
    name: 'live-wallet',
    handle(event) {
      for (const userId of walletsChangedBy(event)) live.deliverLocal(userId, { type: 'wallet' });
    },
  };
}
