import type { PerkType } from '@wyn/contract';
import type { ExclusiveContent } from '../schema/index.ts';
import type { MemberKey, TagName } from './members-data.ts';

/**
 * The demo perks (costs in whole W; a null creator is a staff perk paying the system account), their secret
 * content, and who redeemed which (loaded by seed-content.ts).
 */

export type PerkSeed = {
  key: string;
  creator: MemberKey | null;
  type: PerkType;
  title: string;
  description: string;
  cost: number;
  max: number | null;
  deadlineDays?: number;
  terms: string;
  requirements?: string;
  tags: TagName[];
  media?: string;
  secret: { telegramUrl?: string; discountCode?: string; eventDetails?: string; exclusiveContent?: ExclusiveContent };
};

export const PERKS: PerkSeed[] = [
  {
    key: 'vip-lounge',
    creator: 'ben',
    type: 'telegram_invite',
    title: 'Beta Testers VIP Lounge',
    description: 'A private Telegram group with the dev team: early builds, roadmap votes and a weekly AMA.',
    cost: 50,
    max: 100,
    terms: 'One invite per member. Be kind; we remove spammers.',
    tags: ['Gaming', 'Telegram', 'Community'],
    media: 'cover-telegram.png',
    secret: { telegramUrl: 'https://t.me/+WynVipLoungeDemo42' },
  },
  {
    key: 'finn-discount',
    creator: 'finn',
    type: 'discount_code',
    title: '20% off Finn Studio merch',
    description: 'Twenty percent off everything in the Finn Studio shop: prints, tees and sticker sheets.',
    cost: 30,
    max: null,
    deadlineDays: 60,
    terms: 'One use per order. Not combinable with other offers.',
    tags: ['Merch', 'Design'],
    media: 'cover-rewards.png',
    secret: { discountCode: 'FINN20-WYN-DEMO' },
  },
  {
    key: 'rooftop-meetup',
    creator: 'eve',
    type: 'event_invitation',
    title: 'Rooftop Creators Meetup',
    description: 'An evening of short talks, portfolio swaps and sunset views with 25 creators from the community.',
    cost: 80,
    max: 25,
    deadlineDays: 21,
    terms: 'The pass is personal. Doors close at 19:30.',
    requirements: 'Be 18 or older.',
    tags: ['Events', 'Community'],
    media: 'cover-event.png',
    secret: {
      eventDetails:
        'Saturday 19:00 at Skyline Rooftop, 12 Harbour Street, 7th floor. Show pass ROOF-2291-DEMO at the door.',
    },
  },
  {
    key: 'presets',
    creator: 'chloe',
    type: 'exclusive_content',
    title: 'Colour-grading presets pack',
    description: 'The twelve presets I use for every client shoot, with a short guide for each one.',
    cost: 40,
    max: null,
    terms: 'Personal and commercial use. Do not resell.',
    tags: ['Video', 'Design'],
    media: 'cover-video.png',
    secret: {
      exclusiveContent: {
        content_type: 'link',
        external_link: 'https://example.com/downloads/chloe-presets-demo-7f3a.zip',
      },
    },
  },
  {
    key: 'study-notes',
    creator: 'dan',
    type: 'exclusive_content',
    title: 'Study Group notes: weeks 1–4',
    description: 'Four weeks of condensed notes from the study group, with the spaced-repetition schedule we use.',
    cost: 20,
    max: null,
    terms: 'For your own study.',
    tags: ['Learning'],
    secret: {
      exclusiveContent: {
        content_type: 'text',
        text_body:
          'Spaced repetition schedule: review on day 1, 3, 7 and 21. Week 1 — arrays and hashing; week 2 — recursion…',
      },
    },
  },
  {
    key: 'sticker-pack',
    creator: null,
    type: 'discount_code',
    title: 'Wyn sticker pack',
    description: 'A free sheet of Wyn stickers shipped to your door. You pay nothing but points.',
    cost: 15,
    max: 500,
    terms: 'Enter the code at checkout on the Wyn shop. Shipping included.',
    tags: ['Merch', 'Community'],
    secret: { discountCode: 'WYN-STICKERS-DEMO' },
  },
];

/** The secret strings of the demo perks, so tests can prove no public response carries them. */
export const DEMO_SECRETS = PERKS.flatMap((p) =>
  [
    p.secret.telegramUrl,
    p.secret.discountCode,
    p.secret.eventDetails,
    p.secret.exclusiveContent?.external_link,
    p.secret.exclusiveContent?.text_body,
  ].filter((s): s is string => !!s),
);

export const REDEMPTIONS: Array<{ perk: string; member: MemberKey }> = [
  { perk: 'finn-discount', member: 'ava' },
  { perk: 'rooftop-meetup', member: 'dan' },
  { perk: 'study-notes', member: 'eve' },
  { perk: 'sticker-pack', member: 'ben' },
  { perk: 'vip-lounge', member: 'chloe' },
];
