import type { PerkType, QuestType } from '@wyn/contract';

export const QUEST_TYPE_LABELS: Record<QuestType, string> = {
  join: 'Join channel',
  start_bot: 'Start bot',
  follow: 'Follow',
  post: 'Post',
  watch: 'Watch video',
  visit: 'Visit link',
  message: 'Send message',
};

export const PERK_TYPE_LABELS: Record<PerkType, string> = {
  telegram_invite: 'Telegram invite',
  exclusive_content: 'Exclusive content',
  discount_code: 'Discount code',
  event_invitation: 'Event invitation',
};

export const UNTITLED_QUEST = 'Untitled Quest';
export const UNTITLED_PERK = 'Untitled Perk';
