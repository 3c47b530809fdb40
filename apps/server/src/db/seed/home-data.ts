import type { exploreCategories, exploreFilters, featuredItems, popularSearches } from '../schema/index.ts';
import type { NotificationType } from '@wyn/contract';
import type { MemberKey } from './members-data.ts';

/**
 * What the home and explore screens show on a fresh club: banners, home sections, featured items and top
 * picks, explore categories, popular searches and filters, and the announcements every member gets (loaded
 * by seed-content.ts). Quests, perks and members are named by their keys in the other data files.
 */

/** Banners (`image` is a file in apps/server/seed-assets/, `path` is joined to PUBLIC_URL). */
export const BANNERS: Array<{ title: string; description: string; image: string; path: string; order: number }> = [
  {
    title: 'Complete quests, earn W',
    // "Wyn" here is replaced by PRODUCT_NAME when loaded.
    description: 'Join channels, follow creators and share your work. Every quest pays Wyn Points.',
    image: 'banner-quests.png',
    path: '/explore?tab=tasks',
    order: 1,
  },
  {
    title: 'Spend your points on perks',
    description: 'Private invites, discount codes, events and exclusive content from the community.',
    image: 'banner-perks.png',
    path: '/explore?tab=perks',
    order: 2,
  },
  {
    title: 'Create your own quest',
    description: 'Grow your channel: fund a quest and reward the members who take part.',
    image: 'banner-community.png',
    path: '/create',
    order: 3,
  },
];

/** Home sections of each kind, with their items by key. */
export const HOME_SECTIONS: Array<
  | { title: string; type: 'task_carousel'; order: number; quests: string[] }
  | { title: string; type: 'perk_carousel'; order: number; perks: string[] }
  | { title: string; type: 'user_carousel'; order: number; members: MemberKey[] }
> = [
  {
    title: 'Featured Quests',
    type: 'task_carousel',
    order: 1,
    quests: ['design-club', 'wyn-desks', 'colour-grading', 'playtest-bot', 'hi-eve'],
  },
  {
    title: 'Featured Perks',
    type: 'perk_carousel',
    order: 2,
    perks: ['rooftop-meetup', 'vip-lounge', 'finn-discount', 'presets'],
  },
  { title: 'Top Users', type: 'user_carousel', order: 3, members: ['ava', 'chloe', 'eve', 'ben'] },
];

type Placement = (typeof featuredItems.$inferInsert)['placement'];

/** Featured items and top picks: one quest, perk or member each, by key. */
export const FEATURED: Array<
  { placement: Placement; order: number } & ({ quest: string } | { perk: string } | { member: MemberKey })
> = [
  { placement: 'featured', quest: 'design-club', order: 1 },
  { placement: 'featured', quest: 'colour-grading', order: 2 },
  { placement: 'featured', quest: 'follow-finn', order: 3 },
  { placement: 'featured', perk: 'rooftop-meetup', order: 1 },
  { placement: 'featured', perk: 'presets', order: 2 },
  { placement: 'featured', member: 'ava', order: 1 },
  { placement: 'featured', member: 'chloe', order: 2 },
  { placement: 'top_pick', quest: 'wyn-desks', order: 1 },
  { placement: 'top_pick', perk: 'vip-lounge', order: 2 },
  { placement: 'top_pick', quest: 'beta-testers', order: 3 },
  { placement: 'top_pick', perk: 'finn-discount', order: 4 },
];

/**
 * Sent to every member. `hoursAgo: 'joined'` dates it at the member's sign-up; `perk` links it to that perk;
 * `{product}` is replaced by PRODUCT_NAME.
 */
export const ANNOUNCEMENTS: Array<{
  type: NotificationType;
  title: string;
  message: string;
  link: string | { perk: string };
  hoursAgo: number | 'joined';
  isRead: boolean;
}> = [
  {
    type: 'system',
    title: 'Welcome to {product}',
    message: 'Complete quests to earn W, then spend them on perks from the community.',
    link: '/explore',
    hoursAgo: 'joined',
    isRead: true,
  },
  {
    type: 'promotion',
    title: 'New this week: Rooftop Creators Meetup',
    message: 'Only 25 passes. Redeem yours before they are gone.',
    link: { perk: 'rooftop-meetup' },
    hoursAgo: 3,
    isRead: false,
  },
];

export const EXPLORE_CATEGORIES: Array<typeof exploreCategories.$inferInsert> = [
  {
    title: 'Telegram quests',
    description: 'Join channels, start bots and say hello.',
    icon: '📣',
    contentType: 'tasks',
    filterCriteria: { task_type: ['join', 'start_bot', 'message'] },
    order: 1,
  },
  {
    title: 'Social quests',
    description: 'Follow creators and share your work.',
    icon: '✨',
    contentType: 'tasks',
    filterCriteria: { task_type: ['follow', 'post'] },
    order: 2,
  },
  {
    title: 'Watch & learn',
    description: 'Videos and guides that pay you to learn.',
    icon: '🎬',
    contentType: 'tasks',
    filterCriteria: { task_type: ['watch', 'visit'] },
    order: 3,
  },
  {
    title: 'Exclusive content',
    description: 'Presets, notes and downloads from creators.',
    icon: '🔒',
    contentType: 'perks',
    filterCriteria: { perk_type: ['exclusive_content'] },
    order: 4,
  },
  {
    title: 'Events',
    description: 'Meetups, workshops and parties.',
    icon: '🎟️',
    contentType: 'perks',
    filterCriteria: { perk_type: ['event_invitation'] },
    order: 5,
  },
  {
    title: 'Top creators',
    description: 'The most-followed members.',
    icon: '🏆',
    contentType: 'users',
    filterCriteria: { ordering: '-followers_count' },
    order: 6,
  },
];

export const POPULAR_SEARCHES: Array<typeof popularSearches.$inferInsert> = [
  { searchTerm: 'design', isPromoted: true, searchCount: 128, order: 1 },
  { searchTerm: 'meetup', isPromoted: true, searchCount: 96, order: 2 },
  { searchTerm: 'telegram', searchCount: 87, order: 3 },
  { searchTerm: 'discount', searchCount: 64, order: 4 },
  { searchTerm: 'video', searchCount: 41, order: 5 },
  { searchTerm: 'gaming', searchCount: 33, order: 6 },
];

export const EXPLORE_FILTERS: Array<typeof exploreFilters.$inferInsert> = [
  {
    contentType: 'tasks',
    name: 'task_type',
    displayName: 'Quest type',
    filterType: 'checkbox',
    order: 1,
    options: [
      { value: 'join', label: 'Join a channel' },
      { value: 'start_bot', label: 'Start a bot' },
      { value: 'follow', label: 'Follow an account' },
      { value: 'post', label: 'Post a hashtag' },
      { value: 'watch', label: 'Watch a video' },
      { value: 'visit', label: 'Visit a link' },
      { value: 'message', label: 'Send a message' },
    ],
  },
  {
    contentType: 'perks',
    name: 'perk_type',
    displayName: 'Perk type',
    filterType: 'checkbox',
    order: 1,
    options: [
      { value: 'telegram_invite', label: 'Telegram invite' },
      { value: 'exclusive_content', label: 'Exclusive content' },
      { value: 'discount_code', label: 'Discount code' },
      { value: 'event_invitation', label: 'Event invitation' },
    ],
  },
  // Options of a tags filter left empty are filled with the most used tags when read.
  { contentType: 'tasks', name: 'tags', displayName: 'Tags', filterType: 'checkbox', order: 2, options: [] },
  {
    contentType: 'tasks',
    name: 'reward_range',
    displayName: 'Reward',
    filterType: 'radio',
    order: 3,
    options: [
      { value: '0-10', label: 'Under 10 W' },
      { value: '10-25', label: '10–24 W' },
      { value: '25-', label: '25 W or more' },
    ],
  },
  { contentType: 'perks', name: 'tags', displayName: 'Tags', filterType: 'checkbox', order: 2, options: [] },
  {
    contentType: 'perks',
    name: 'cost_range',
    displayName: 'Cost',
    filterType: 'radio',
    order: 3,
    options: [
      { value: '0-25', label: 'Under 25 W' },
      { value: '25-50', label: '25–49 W' },
      { value: '50-', label: '50 W or more' },
    ],
  },
  {
    contentType: 'users',
    name: 'account_type',
    displayName: 'Account',
    filterType: 'checkbox',
    order: 1,
    options: [
      { value: 'business', label: 'Business accounts' },
      { value: 'personal', label: 'Personal accounts' },
    ],
  },
];
