import { z } from 'zod';
import { LIMITS } from './limits.ts';

export const profileUser = z.object({
  id: z.uuid(),
  username: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
});

export const profile = z.object({
  id: z.uuid(),
  user: profileUser,
  display_name: z.string(),
  bio: z.string(),
  avatar: z.string().nullable(),
  telegram_photo_url: z.string().nullable(),
  telegram_handle: z.string().nullable(),
  is_business: z.boolean(),
  business_tag: z.string().nullable(),
  followers_count: z.number().int(),
  following_count: z.number().int(),
  posts_count: z.number().int(),
  quests_completed_count: z.number().int(),
  shareable_url: z.string(),
  is_following: z.boolean(),
  is_private: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Profile = z.infer<typeof profile>;

/** A member as shown on cards and carousels. */
export const profileCard = z.object({
  id: z.uuid(),
  user: z.uuid(),
  username: z.string().nullable(),
  display_name: z.string(),
  avatar: z.string().nullable(),
  telegram_photo_url: z.string().nullable(),
  is_business: z.boolean(),
  bio: z.string(),
  followers_count: z.number().int(),
  following_count: z.number().int(),
  quests_completed_count: z.number().int(),
  /** The member's latest approved completions (at most 5): `id` is the completion, `task` the quest. */
  completed_tasks: z.array(
    z.object({ id: z.uuid(), task: z.uuid(), task_title: z.string(), username: z.string().nullable() }),
  ),
});
export type ProfileCard = z.infer<typeof profileCard>;

export const updateProfileRequest = z
  .object({
    bio: z.string().trim().max(LIMITS.bioMax).optional(),
    first_name: z.string().trim().max(LIMITS.nameMax).optional(),
    last_name: z.string().trim().max(LIMITS.nameMax).optional(),
  })
  .strict();
