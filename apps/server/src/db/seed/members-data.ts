/** The demo members, who follows whom, and the tags quests and perks carry (loaded by seed-content.ts). */

export type MemberKey = 'ava' | 'ben' | 'chloe' | 'dan' | 'eve' | 'finn';

export const MEMBERS: Array<{
  key: MemberKey;
  firstName: string;
  lastName: string;
  bio: string;
  isBusiness?: boolean;
  businessTag?: string;
  joinedDaysAgo: number;
}> = [
  {
    key: 'ava',
    firstName: 'Ava',
    lastName: 'Martins',
    bio: 'Community builder. I run weekly design challenges and the Wyn Design Club channel.',
    joinedDaysAgo: 60,
  },
  {
    key: 'ben',
    firstName: 'Ben',
    lastName: 'Okafor',
    bio: 'Indie game developer sharing devlogs, playtests and beta keys.',
    joinedDaysAgo: 52,
  },
  {
    key: 'chloe',
    firstName: 'Chloe',
    lastName: 'Nguyen',
    bio: 'Photographer and video editor. New tutorials every Friday.',
    joinedDaysAgo: 45,
  },
  {
    key: 'dan',
    firstName: 'Dan',
    lastName: 'Kowalski',
    bio: 'Learning in public: code, notes and a weekly study group.',
    joinedDaysAgo: 30,
  },
  {
    key: 'eve',
    firstName: 'Eve',
    lastName: 'Laurent',
    bio: 'I host meetups, workshops and the occasional rooftop party.',
    joinedDaysAgo: 21,
  },
  {
    key: 'finn',
    firstName: 'Finn',
    lastName: 'Harper',
    bio: 'Finn Studio: prints, tees and stickers for makers.',
    isBusiness: true,
    businessTag: 'Merch & Design',
    joinedDaysAgo: 14,
  },
];

export const TAGS = [
  'Community',
  'Telegram',
  'Social',
  'Video',
  'Design',
  'Gaming',
  'Events',
  'Learning',
  'Merch',
  'Music',
] as const;
export type TagName = (typeof TAGS)[number];

export const FOLLOWS: Array<[MemberKey, MemberKey]> = [
  ['ben', 'ava'],
  ['chloe', 'ava'],
  ['dan', 'ava'],
  ['eve', 'ava'],
  ['finn', 'ava'],
  ['ava', 'chloe'],
  ['ben', 'chloe'],
  ['dan', 'chloe'],
  ['ava', 'eve'],
  ['chloe', 'eve'],
  ['finn', 'eve'],
  ['ava', 'ben'],
  ['eve', 'ben'],
  ['dan', 'finn'],
];

/** A short conversation so Messages is not empty: [from, to, text], oldest first. */
export const CHAT: Array<[MemberKey, MemberKey, string]> = [
  ['ben', 'ava', 'Loved this week’s design prompt! Can I submit two entries?'],
  ['ava', 'ben', 'Of course — post both in the channel and tag them #WynDesks.'],
  ['ben', 'ava', 'Perfect, thanks! See you at Eve’s meetup?'],
  ['eve', 'dan', 'Your meetup pass is confirmed. Bring a friend next time!'],
];
