import { z } from 'zod';

export const questTypes = ['join', 'start_bot', 'follow', 'post', 'watch', 'visit', 'message'] as const;
export const questType = z.enum(questTypes);
export type QuestType = z.infer<typeof questType>;

export const questStatuses = ['draft', 'published', 'closed', 'expired', 'hidden'] as const;
export const questStatus = z.enum(questStatuses);

export const channelTypes = ['public_channel', 'private_channel', 'public_group', 'private_group'] as const;
export const channelType = z.enum(channelTypes);

export const verificationStatuses = ['pending', 'approved', 'rejected'] as const;
export const verificationStatus = z.enum(verificationStatuses);

export const perkTypes = ['telegram_invite', 'exclusive_content', 'discount_code', 'event_invitation'] as const;
export const perkType = z.enum(perkTypes);
export type PerkType = z.infer<typeof perkType>;

export const perkStatuses = ['active', 'inactive', 'sold_out', 'expired', 'hidden'] as const;
export const perkStatus = z.enum(perkStatuses);

export const contentTypes = ['text', 'images', 'video', 'link'] as const;
export const contentType = z.enum(contentTypes);

export const transactionTypes = [
  'quest_reward',
  'perk_redemption',
  'internal_transfer',
  'cashout',
  'stake',
  'unstake',
  'system_reward',
  'buy',
] as const;
export const transactionType = z.enum(transactionTypes);
export type TransactionType = z.infer<typeof transactionType>;
export const otherActivityTypes = ['internal_transfer', 'cashout', 'stake', 'unstake', 'system_reward', 'buy'] as const;

export const transactionStatuses = ['completed', 'pending', 'failed'] as const;

export const notificationTypes = [
  'task_update',
  'reward',
  'follow',
  'like',
  'comment',
  'share',
  'message',
  'system',
  'promotion',
  'transaction',
] as const;
export const notificationType = z.enum(notificationTypes);
export type NotificationType = z.infer<typeof notificationType>;

export const sectionTypes = ['task_carousel', 'perk_carousel', 'user_carousel'] as const;
export const sectionType = z.enum(sectionTypes);
export type SectionType = z.infer<typeof sectionType>;

export const themes = ['system', 'light', 'dark'] as const;
export const theme = z.enum(themes);
export type Theme = z.infer<typeof theme>;
