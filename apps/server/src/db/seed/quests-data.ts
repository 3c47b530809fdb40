import type { QuestType } from '@wyn/contract';
import type { quests } from '../schema/index.ts';
import type { MemberKey, TagName } from './members-data.ts';

/**
 * The demo quests (rewards in whole W; `media` is a file in apps/server/seed-assets/) and the state of demo
 * members on them (loaded by seed-content.ts).
 */

export type QuestSeed = {
  key: string;
  creator: MemberKey;
  type: QuestType;
  title: string;
  description: string;
  reward: number;
  max: number | null;
  deadlineDays?: number;
  requirements: string;
  criteria: string;
  tags: TagName[];
  media?: string;
  fields: Partial<typeof quests.$inferInsert>;
};

export const QUESTS: QuestSeed[] = [
  {
    key: 'design-club',
    creator: 'ava',
    type: 'join',
    title: 'Join the Wyn Design Club channel',
    description: 'Weekly design challenges, critiques and resources. Join the channel and stay for the Friday prompts.',
    reward: 25,
    max: 200,
    requirements: 'A Telegram account. Stay in the channel for at least a week.',
    criteria: 'Checked automatically: you are a member of the channel.',
    tags: ['Community', 'Telegram', 'Design'],
    media: 'cover-telegram.png',
    fields: {
      channelUsername: 'wyn_design_club',
      channelType: 'public_channel',
      taskDetails: { channel_type: 'public_channel' },
    },
  },
  {
    key: 'playtest-bot',
    creator: 'ben',
    type: 'start_bot',
    title: 'Start the Playtest Bot',
    description:
      'Our bot sends you a build link every time a new playtest opens. Start it once and you are on the list.',
    reward: 15,
    max: 100,
    requirements: 'Open the bot in Telegram and press Start.',
    criteria: 'A screenshot of the bot’s welcome message.',
    tags: ['Gaming', 'Telegram'],
    fields: { botUsername: 'wyn_playtest_bot' },
  },
  {
    key: 'follow-chloe',
    creator: 'chloe',
    type: 'follow',
    title: 'Follow @chloe.frames on Instagram',
    description: 'Behind-the-scenes photos, colour-grading before/afters and the occasional giveaway.',
    reward: 10,
    max: null,
    requirements: 'A public Instagram account.',
    criteria: 'Your Instagram handle and a screenshot showing you follow @chloe.frames.',
    tags: ['Social', 'Video'],
    media: 'cover-social.png',
    fields: { socialPlatform: 'chloe.frames' },
  },
  {
    key: 'wyn-desks',
    creator: 'ava',
    type: 'post',
    title: 'Share your workspace with #WynDesks',
    description:
      'Post a photo of your desk setup with the hashtag #WynDesks. The best ones get featured in the channel.',
    reward: 30,
    max: 50,
    deadlineDays: 14,
    requirements: 'A public post on any social network.',
    criteria: 'A link to your post and a screenshot.',
    tags: ['Design', 'Social'],
    media: 'cover-social.png',
    fields: { hashtag: '#WynDesks' },
  },
  {
    key: 'colour-grading',
    creator: 'chloe',
    type: 'watch',
    title: 'Watch the colour-grading tutorial',
    description: 'Twelve minutes that will change how you edit: contrast, skin tones and a film look from scratch.',
    reward: 12,
    max: 150,
    requirements: 'Watch the whole video.',
    criteria: 'Tell us which step surprised you the most.',
    tags: ['Video', 'Learning'],
    media: 'cover-video.png',
    fields: { videoId: 'aqz-KE-bpKQ' },
  },
  {
    key: 'study-guide',
    creator: 'dan',
    type: 'visit',
    title: 'Read the Study Group guide',
    description: 'How our weekly study group works: the schedule, the notes template and how to pair up.',
    reward: 8,
    max: null,
    requirements: 'Read the guide to the end.',
    criteria: 'The secret word at the bottom of the guide.',
    tags: ['Learning'],
    fields: { targetUrl: 'https://example.com/study-group-guide' },
  },
  {
    key: 'hi-eve',
    creator: 'eve',
    type: 'message',
    title: 'Say hi to Eve before the meetup',
    description: 'Tell Eve which session you want to attend at the next Creators Meetup so she can plan the room.',
    reward: 5,
    max: 40,
    deadlineDays: 10,
    requirements: 'Send Eve a message in Wyn.',
    criteria: 'Paste the message you sent.',
    tags: ['Events', 'Community'],
    media: 'cover-event.png',
    fields: {},
  },
  {
    key: 'beta-testers',
    creator: 'ben',
    type: 'join',
    title: 'Join the Beta Testers group',
    description: 'Private group for people who want early builds and a say in what we make next.',
    reward: 20,
    max: 60,
    requirements: 'Be ready to play at least one build a month.',
    criteria: 'Checked automatically: you are a member of the group.',
    tags: ['Gaming', 'Telegram', 'Community'],
    fields: {
      channelUsername: 'wyn_beta_testers',
      channelType: 'private_group',
      inviteLink: 'https://t.me/+WynBetaTestersDemo',
      taskDetails: { channel_type: 'private_group', invite_link: 'https://t.me/+WynBetaTestersDemo' },
    },
  },
  {
    key: 'follow-finn',
    creator: 'finn',
    type: 'follow',
    title: 'Follow Finn Studio on Instagram',
    description: 'New prints every month and first dibs on limited runs.',
    reward: 10,
    max: 100,
    requirements: 'A public Instagram account.',
    criteria: 'Your Instagram handle.',
    tags: ['Merch', 'Social'],
    media: 'cover-rewards.png',
    fields: { socialPlatform: 'finn.studio' },
  },
  {
    key: 'learn-with-wyn',
    creator: 'dan',
    type: 'post',
    title: 'Post your study streak with #LearnWithWyn',
    description: 'Seven days in a row? Show it off. Post your streak with #LearnWithWyn and inspire someone else.',
    reward: 20,
    max: null,
    requirements: 'A streak of at least 7 days in any learning app.',
    criteria: 'A link to your post.',
    tags: ['Learning', 'Social'],
    fields: { hashtag: '#LearnWithWyn' },
  },
];

/** Approved, pending, rejected or just joined: the state of a demo member on a demo quest. */
export const COMPLETIONS: Array<{
  quest: string;
  member: MemberKey;
  status: 'joined' | 'pending' | 'approved' | 'rejected';
  proof?: string;
  reason?: string;
}> = [
  { quest: 'design-club', member: 'ben', status: 'approved' },
  { quest: 'design-club', member: 'chloe', status: 'approved' },
  { quest: 'design-club', member: 'dan', status: 'approved' },
  { quest: 'design-club', member: 'eve', status: 'joined' },
  { quest: 'playtest-bot', member: 'ava', status: 'approved', proof: 'Started it, got the welcome message!' },
  { quest: 'playtest-bot', member: 'finn', status: 'pending', proof: 'Done — screenshot attached.' },
  { quest: 'follow-chloe', member: 'ava', status: 'approved', proof: '@ava.makes' },
  { quest: 'follow-chloe', member: 'dan', status: 'pending', proof: '@dan.learns' },
  { quest: 'wyn-desks', member: 'eve', status: 'pending', proof: 'https://example.com/eve/posts/desk-setup' },
  {
    quest: 'wyn-desks',
    member: 'ben',
    status: 'rejected',
    proof: 'my desk',
    reason: 'The post needs the #WynDesks hashtag. Add it and submit again.',
  },
  { quest: 'colour-grading', member: 'dan', status: 'approved', proof: 'The skin-tone isolation trick.' },
  { quest: 'colour-grading', member: 'eve', status: 'approved', proof: 'Building the film look from curves.' },
  { quest: 'colour-grading', member: 'finn', status: 'approved', proof: 'Contrast before saturation — never knew.' },
  { quest: 'hi-eve', member: 'ava', status: 'joined' },
  { quest: 'follow-finn', member: 'chloe', status: 'approved', proof: '@chloe.frames' },
];
