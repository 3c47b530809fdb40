/**
 * Every domain event a service may record, with its payload: declared once, here. A leaf module (no
 * imports) so services, consumers and tests can all name an event without closing an import circle.
 * Payloads carry what consumers need (names and titles as they were at the change), so a consumer run
 * later, or after a crash, says what the member saw then.
 */
export type DomainEvents = {
  'quest.published': { questId: string; creatorId: string | null };
  'quest.updated': { questId: string; creatorId: string | null; walletChanged: boolean };
  'quest.closed': { questId: string; creatorId: string | null };
  'quest.deleted': { questId: string; creatorId: string | null };
  'quest.expired': { questId: string; creatorId: string | null };
  'quest.joined': { questId: string; userId: string };
  'xp.awarded': { userId: string; amount: number; source: string; sourceId: string };
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
  /** The member read what `otherId` sent them; `notificationId`: one of the chat's notifications now read too. */
  'chat.read': { readerId: string; otherId: string; notificationId: string | null };
  'account.disabled': { userId: string };
  /**
   * A member's first or last name, username or Telegram username changed (what member search matches): explore
   * search forgets its broad member terms (decision 0007).
   */
  'member.renamed': { userId: string };
  /** The member made their profile private (`private: true`) or public again; private profiles leave member search. */
  'profile.privacy_changed': { userId: string; private: boolean };
  /** Staff changed what Home shows (issue #15): a banner, a carousel or its pins, the featured lists. */
  'banner.changed': { bannerId: string };
  'home_section.changed': { sectionId: string };
  'featured.changed': { placement: 'featured' | 'top_pick' };
  /** Staff hid or unhid a quest, perk, profile or message (issue #15 item 4). */
  'content.moderated': { targetType: 'quest' | 'perk' | 'profile' | 'message'; targetId: string; hidden: boolean };
  /** One batch of a staff announcement's audience (issue #15 item 7): a notification (and bot message) each. */
  'announcement.batch': {
    announcementId: string;
    /** The notification type; absent on events written before announcements had a kind (then `system`). */
    kind?: 'system' | 'promotion';
    title: string;
    message: string;
    link: string | null;
    userIds: string[];
  };
  /** A season's prize for one place went to a winner (issue #16 item 11). */
  'season.prize_paid': {
    seasonId: string;
    seasonName: string;
    userId: string;
    place: number;
    amountCents: number;
    transactionId: string;
  };
  /**
   * A daily check-in (issue #16 item 5): `rewardCents` paid from the system account to the member (0: the schedule
   * paid nothing that day, `transactionId` null).
   */
  'streak.checked_in': {
    userId: string;
    day: string;
    streakDay: number;
    rewardCents: number;
    transactionId: string | null;
  };
  /** A missed day repaired (issue #16 item 6): `chargedCents` paid by the member to the system account. */
  'streak.repaired': { userId: string; day: string; chargedCents: number; transactionId: string | null };
  /**
   * A referral qualified and paid (issue #16 item 9): the newcomer's welcome, and the inviting member's reward
   * (0 when their daily cap held it back), both from the system account.
   */
  'referral.rewarded': { inviteeId: string; referrerId: string; welcomeCents: number; referrerRewardCents: number };
  /** The member read one notification (`notificationId`) or all of them (null). */
  'notifications.read': { userId: string; notificationId: string | null };
};

export type DomainEventType = keyof DomainEvents;

/** One event as a service records it. */
export type DomainEvent = { [K in DomainEventType]: { type: K; payload: DomainEvents[K] } }[DomainEventType];

/** One event as consumers receive it: recorded, committed, with its outbox id. */
export type CommittedEvent = DomainEvent & { id: string };
