import { z } from 'zod';
import { amountString } from './common.ts';
import { perkType, questType, sectionType } from './enums.ts';
import { profileCard } from './profiles.ts';
import { tag } from './tags.ts';

export const banner = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  image_url: z.string(),
  link: z.string().nullable(),
  order: z.number().int(),
});
export type Banner = z.infer<typeof banner>;

export const questCard = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  reward_amount: amountString,
  task_type: questType,
  status: z.string(),
  media: z.string().nullable(),
  tags: z.array(tag),
  creator: z.uuid().nullable(),
  deadline: z.string().nullable(),
  max_participants: z.number().int().nullable(),
  current_participants: z.number().int(),
  created_at: z.string(),
});
export type QuestCard = z.infer<typeof questCard>;

export const perkCard = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  cost_amount: amountString,
  perk_type: perkType,
  status: z.string(),
  media: z.string().nullable(),
  tags: z.array(tag),
  creator: z.uuid().nullable(),
  deadline: z.string().nullable(),
  max_participants: z.number().int().nullable(),
  purchased_count: z.number().int(),
  created_at: z.string(),
});
export type PerkCard = z.infer<typeof perkCard>;

export const homeSection = z.object({
  id: z.uuid(),
  title: z.string(),
  section_type: sectionType,
  order: z.number().int(),
});
export type HomeSection = z.infer<typeof homeSection>;

export const homepageComplete = z.object({
  banner_sliders: z.array(banner),
  sections: z.array(homeSection),
  task_carousels: z.record(z.string(), z.array(questCard)),
  perk_carousels: z.record(z.string(), z.array(perkCard)),
  user_carousels: z.record(z.string(), z.array(profileCard)),
  featured_quests: z.array(questCard),
  featured_perks: z.array(perkCard),
  featured_users: z.array(profileCard),
});
export type HomepageComplete = z.infer<typeof homepageComplete>;

export const homeSectionWithItems = homeSection.extend({
  tasks: z.array(questCard),
  perks: z.array(perkCard),
  users: z.array(profileCard),
});

export const topPick = z.object({
  id: z.uuid(),
  item_type: z.enum(['quest', 'perk']),
  quest: questCard.nullable(),
  perk: perkCard.nullable(),
  order: z.number().int(),
});
export type TopPick = z.infer<typeof topPick>;
