import { CHAT_MSG, PERK_MSG, PROFILE_MSG, SEASON_MSG, WALLET_MSG, centsToAmount, formatPoints } from '@wyn/contract';
import type { CommittedEvent } from '../../events/domain-events.ts';
import type { NotifyInput } from './notifications.service.ts';

const W = (cents: number) => `${Math.trunc(cents / 100)} W`;
const chatLink = (userId: string) => `/messages?user=${encodeURIComponent(userId)}`;

/**
 * The notifications an event gives, and to whom (docs/product.md: notifications are created by the server on …),
 * in words and with a link into the app: the notifications consumer stores these, and the bot's messages to
 * members (modules/bot) say the same.
 */
export function notificationsFor(event: CommittedEvent): { userId: string; input: NotifyInput }[] {
  switch (event.type) {
    case 'follow.created': {
      const p = event.payload;
      return [
        {
          userId: p.targetId,
          input: {
            type: 'follow',
            title: PROFILE_MSG.followNotificationTitle,
            message: PROFILE_MSG.followNotificationMessage.replace('{name}', p.followerName),
            link: `/profile/${p.followerId}`,
          },
        },
      ];
    }
    case 'message.sent': {
      const p = event.payload;
      return [
        {
          userId: p.receiverId,
          input: {
            type: 'message',
            title: CHAT_MSG.notificationTitle,
            message: `${p.senderName}: ${p.preview}`,
            link: chatLink(p.senderId),
          },
        },
      ];
    }
    case 'transfer.completed': {
      const p = event.payload;
      return [
        {
          userId: p.recipientId,
          input: {
            title: WALLET_MSG.receivedTitle(formatPoints(centsToAmount(p.amountCents)), p.senderName),
            message: p.note ?? '',
            type: 'transaction',
            link: '/wallet',
          },
        },
      ];
    }
    case 'perk.redeemed': {
      const p = event.payload;
      if (!p.creatorId) return [];
      return [
        {
          userId: p.creatorId,
          input: {
            title: PERK_MSG.redeemedNotificationTitle,
            message: `${p.redeemerName} redeemed "${p.perkTitle}" for ${W(p.costCents)}.`,
            type: 'transaction',
            link: `/perk/${p.perkId}`,
          },
        },
      ];
    }
    case 'season.prize_paid': {
      const p = event.payload;
      return [
        {
          userId: p.userId,
          input: {
            type: 'reward',
            title: SEASON_MSG.prizeTitle(p.place, p.seasonName),
            message: SEASON_MSG.prizeMessage(W(p.amountCents), p.seasonName),
            link: '/wallet',
          },
        },
      ];
    }
    case 'completion.submitted': {
      const p = event.payload;
      if (!p.creatorId) return [];
      return [
        {
          userId: p.creatorId,
          input: {
            type: 'task_update',
            title: 'New submission to review',
            message: `${p.userName} submitted proof for "${p.questTitle}".`,
            link: `/quest/${p.questId}`,
          },
        },
      ];
    }
    case 'completion.approved': {
      const p = event.payload;
      return [
        {
          userId: p.userId,
          input: {
            type: 'task_update',
            title: 'Submission approved',
            message: `Your completion of "${p.questTitle}" was approved.`,
            link: `/quest/${p.questId}`,
          },
        },
      ];
    }
    case 'reward.paid': {
      const p = event.payload;
      return [
        {
          userId: p.userId,
          input: {
            type: 'reward',
            title: 'Reward received',
            message: `You earned ${W(p.amountCents)} for "${p.questTitle}".`,
            link: `/quest/${p.questId}`,
          },
        },
      ];
    }
    case 'completion.rejected': {
      const p = event.payload;
      return [
        {
          userId: p.userId,
          input: {
            type: 'task_update',
            title: 'Submission rejected',
            message: `Your proof for "${p.questTitle}" was rejected: ${p.reason}`,
            link: `/quest/${p.questId}`,
          },
        },
      ];
    }
    case 'announcement.batch': {
      // A staff announcement, to each member of this batch of its audience.
      const p = event.payload;
      return p.userIds.map((userId) => ({
        userId,
        input: { type: p.kind ?? ('system' as const), title: p.title, message: p.message, link: p.link },
      }));
    }
    default:
      return [];
  }
}
