/**
 * Every domain event a service may record, with its payload: declared once, here. A leaf module (no
 * imports) so services, consumers and tests can all name an event without closing an import circle.
 * Payloads carry what consumers need (names and titles as they were at the change), so a consumer run
 * later, or after a crash, says what the member saw then.
 */
export type DomainEvents = {
  'quest.published': { questId: string; creatorId: string | null };
  'quest.updated': { questId: string };
  'quest.closed': { questId: string; creatorId: string | null };
  'quest.deleted': { questId: string; creatorId: string | null };
  'quest.expired': { questId: string; creatorId: string | null };
  'quest.joined': { questId: string; userId: string };
  'completion.submitted': {
    completionId: string;
    questId: string;
    questTitle: string;
    userId: string;
    userName: string;
    creatorId: string | null;
  };
  'completion.approved': { completionId: string; questId: string; questTitle: string; userId: string };
  'completion.rejected': {
    completionId: string;
    questId: string;
    questTitle: string;
    userId: string;
    reason: string;
  };
  'reward.paid': {
    transactionId: string;
    questId: string;
    questTitle: string;
    userId: string;
    amountCents: number;
    /** The wallet the reward came from: the quest's escrow or its creator. */
    payerId: string | null;
  };
  'perk.created': { perkId: string; creatorId: string | null };
  'perk.updated': { perkId: string };
  'perk.deleted': { perkId: string };
  'perk.redeemed': {
    perkId: string;
    perkTitle: string;
    redeemerId: string;
    redeemerName: string;
    creatorId: string | null;
    costCents: number;
    transactionId: string;
    /** Whether the perk has a stock limit (home shows how many are left). */
    limited: boolean;
  };
  'transfer.completed': {
    transactionId: string;
    senderId: string;
    senderName: string;
    recipientId: string;
    amountCents: number;
    note: string | null;
  };
  'message.sent': { messageId: string; senderId: string; senderName: string; receiverId: string; preview: string };
  'follow.created': { followerId: string; followerName: string; targetId: string };
};

export type DomainEventType = keyof DomainEvents;

/** One event as a service records it. */
export type DomainEvent = { [K in DomainEventType]: { type: K; payload: DomainEvents[K] } }[DomainEventType];

/** One event as consumers receive it: recorded, committed, with its outbox id. */
export type CommittedEvent = DomainEvent & { id: string };
