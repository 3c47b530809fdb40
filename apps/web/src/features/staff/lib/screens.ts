import type { JSX } from 'react';
import {
  BellIcon,
  FileTextIcon,
  HomeIcon,
  ImageIcon,
  SearchIcon,
  ShieldIcon,
  SparklesIcon,
  TagIcon,
  TrophyIcon,
  UsersIcon,
  type IconProps,
} from '@/components/icons';
import { href } from '@/config/paths';

export interface StaffScreen {
  /** The path segment under /staff ('' is the dashboard). */
  key: string;
  label: string;
  /** One line under the screen's heading. */
  description: string;
  icon: (p: IconProps) => JSX.Element;
}

/** The console's screens, in the order of its navigation. */
export const STAFF_SCREENS: readonly StaffScreen[] = [
  { key: '', label: 'Dashboard', description: "The club's numbers and the last 90 days.", icon: SparklesIcon },
  {
    key: 'banners',
    label: 'Banners',
    description: 'The slides at the top of Home: image, link, order and when they show.',
    icon: ImageIcon,
  },
  {
    key: 'home-sections',
    label: 'Home sections',
    description: 'The carousels on Home: their names, order, and the quests and perks pinned in them.',
    icon: HomeIcon,
  },
  {
    key: 'categories',
    label: 'Categories',
    description: 'The Explore categories of quests and of perks, in order.',
    icon: TagIcon,
  },
  {
    key: 'popular-searches',
    label: 'Popular searches',
    description: 'Curated searches beside the ones members make; suppress one that should not show.',
    icon: SearchIcon,
  },
  {
    key: 'reports',
    label: 'Reports',
    description: 'What members reported: hide the content or dismiss the report with a note.',
    icon: ShieldIcon,
  },
  {
    key: 'members',
    label: 'Members',
    description: 'Find a member, disable or enable their account, grant or revoke staff.',
    icon: UsersIcon,
  },
  {
    key: 'seasons',
    label: 'Seasons',
    description: 'Seasons with a prize pool: paid to the top of the season board when they end.',
    icon: TrophyIcon,
  },
  {
    key: 'announcements',
    label: 'Announcements',
    description: 'Tell all members, the creators or the recently active ones something, in the app and the bot.',
    icon: BellIcon,
  },
  {
    key: 'audit-log',
    label: 'Audit log',
    description: 'Every staff action: who, when, what and the values before and after.',
    icon: FileTextIcon,
  },
] as const;

export const screenHref = (s: StaffScreen) => href.staff(s.key || undefined);

/** The screen a /staff path shows (unknown paths: none). */
export function screenOf(pathname: string): StaffScreen | null {
  const rest = pathname.replace(/^\/staff\/?/, '').replace(/\/$/, '');
  return STAFF_SCREENS.find((s) => s.key === rest) ?? null;
}
