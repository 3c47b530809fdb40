import type { JSX } from 'react';
import type { PerkType, QuestType } from '@wyn/contract';
import {
  BotIcon,
  CalendarIcon,
  HashIcon,
  HeartIcon,
  LinkIcon,
  LockIcon,
  MessageIcon,
  PlayIcon,
  SendIcon,
  TicketIcon,
  UsersIcon,
  type IconProps,
} from '@/components/icons';
import { cn } from '@/lib/cn';

const QUEST_ICON: Record<QuestType, [(p: IconProps) => JSX.Element, string]> = {
  join: [SendIcon, 'bg-sky-100 text-sky-600 dark:bg-sky-500/15 dark:text-sky-300'],
  start_bot: [BotIcon, 'bg-indigo-100 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300'],
  follow: [HeartIcon, 'bg-pink-100 text-pink-600 dark:bg-pink-500/15 dark:text-pink-300'],
  post: [HashIcon, 'bg-violet-100 text-violet-600 dark:bg-violet-500/15 dark:text-violet-300'],
  watch: [PlayIcon, 'bg-red-100 text-red-600 dark:bg-red-500/15 dark:text-red-300'],
  visit: [LinkIcon, 'bg-emerald-100 text-emerald-600 dark:bg-emerald-500/15 dark:text-emerald-300'],
  message: [MessageIcon, 'bg-amber-100 text-amber-700 dark:bg-amber-500/15 dark:text-amber-300'],
};

const PERK_ICON: Record<PerkType, [(p: IconProps) => JSX.Element, string]> = {
  telegram_invite: [UsersIcon, 'from-sky-400 to-blue-600'],
  exclusive_content: [LockIcon, 'from-violet-500 to-fuchsia-600'],
  discount_code: [TicketIcon, 'from-amber-400 to-orange-500'],
  event_invitation: [CalendarIcon, 'from-emerald-400 to-teal-600'],
};

export function QuestTypeIcon({ type, className }: { type: QuestType; className?: string }) {
  const [Icon, tone] = QUEST_ICON[type] ?? QUEST_ICON.visit;
  return (
    <span className={cn('flex size-12 shrink-0 items-center justify-center rounded-2xl', tone, className)}>
      <Icon className="size-6" />
    </span>
  );
}

export function PerkTypeArt({ type, className }: { type: PerkType; className?: string }) {
  const [Icon, gradient] = PERK_ICON[type] ?? PERK_ICON.exclusive_content;
  return (
    <span className={cn('flex items-center justify-center bg-gradient-to-br text-white', gradient, className)}>
      <Icon className="size-9 opacity-90" />
    </span>
  );
}
