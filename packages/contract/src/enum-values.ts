/**
 * The values of the contract's enums, shared by the server and the web app. The zod enums built from them live in
 * enums.ts; these plain lists can be imported without loading zod.
 */

export const questTypes = ['join', 'start_bot', 'follow', 'post', 'watch', 'visit', 'message'] as const;

export const questStatuses = ['draft', 'published', 'closed', 'expired', 'hidden'] as const;

export const channelTypes = ['public_channel', 'private_channel', 'public_group', 'private_group'] as const;

export const verificationStatuses = ['pending', 'approved', 'rejected'] as const;

export const perkTypes = ['telegram_invite', 'exclusive_content', 'discount_code', 'event_invitation'] as const;

export const perkStatuses = ['active', 'inactive', 'sold_out', 'expired', 'hidden'] as const;

export const contentTypes = ['text', 'images', 'video', 'link'] as const;

export const transactionTypes = [
  'quest_reward',
  'perk_redemption',
  'internal_transfer',
  'cashout',
  'stake',
  'unstake',
  'system_reward',
  'buy',
  'referral_reward',
  'streak_reward',
  'streak_repair',
  'season_prize',
] as const;

export const otherActivityTypes = [
  'internal_transfer',
  'cashout',
  'stake',
  'unstake',
  'system_reward',
  'buy',
  'referral_reward',
  'streak_reward',
  'streak_repair',
  'season_prize',
] as const;

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

export const sectionTypes = ['task_carousel', 'perk_carousel', 'user_carousel'] as const;

export const themes = ['system', 'light', 'dark'] as const;
