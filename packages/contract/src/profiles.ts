import { z } from 'zod';
import { usernameField } from './auth.ts';
import { amountString, uuid } from './common.ts';
import { LIMITS } from './limits.ts';
import { PROFILE_MSG } from './profile-messages.ts';
import { moderationState } from './staff-moderation.ts';
import { xpLevelFields } from './leaderboard.ts';
import { isStorableText } from './strings.ts';

export { AVATAR_ALLOWED_TYPES, PROFILE_LIST_LIMIT, PROFILE_MSG } from './profile-messages.ts';

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
  /** Whether staff hid the profile (and why): shown to its owner, others get 404. */
  moderation: moderationState.optional(),
});
export type Profile = z.infer<typeof profile>;

/** GET profiles/me/: the profile with the member's XP and level. */
export const ownProfile = profile.extend(xpLevelFields);
export type OwnProfile = z.infer<typeof ownProfile>;

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

/**
 * `{id}` of profiles/{id}/…: lower-cased, as the database prints uuids, so the own-profile checks (not
 * yourself, own only) compare like with like whatever the case the caller typed.
 */
export const profileIdParams = z.object({ id: uuid.toLowerCase() });

// The server refuses unstorable text centrally too; here each field gets its own label.
const storableText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isStorableText, PROFILE_MSG.invalidCharacters.replace('{field}', label));

/** PATCH profiles/{id}/: JSON, or multipart with these text fields plus an `avatar` file. */
export const updateProfileRequest = z
  .object({
    bio: storableText('Bio', LIMITS.bioMax).optional(),
    first_name: storableText('First name', LIMITS.nameMax).optional(),
    last_name: storableText('Last name', LIMITS.nameMax).optional(),
    username: usernameField.optional(),
  })
  .strict();
export type UpdateProfileRequest = z.input<typeof updateProfileRequest>;

export const profileCompletedTask = z.object({
  /** The completion's id; `task` is the quest. */
  id: z.uuid(),
  task: z.uuid(),
  task_title: z.string(),
  username: z.string().nullable(),
  reward_amount: amountString,
  media: z.string().nullable(),
  completed_at: z.string(),
});
/** Whether staff hid an item in a profile's lists (and why): only the owner's own lists hold hidden items. */
const listModeration = moderationState.optional();
export const profileCreatedTask = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.string(),
  reward_amount: amountString,
  media: z.string().nullable(),
  created_at: z.string(),
  /** Always sent by the server; `hidden` only ever true on the owner's own profile. */
  moderation: listModeration,
});
export const profilePurchasedPerk = z.object({
  /** The redemption's id; `perk` is null when the perk was deleted since. */
  id: z.uuid(),
  perk: z.uuid().nullable(),
  title: z.string(),
  cost_amount: amountString.nullable(),
  media: z.string().nullable(),
  purchased_at: z.string(),
});
export const profileCreatedPerk = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.string(),
  cost_amount: amountString,
  media: z.string().nullable(),
  created_at: z.string(),
  /** Always sent by the server; `hidden` only ever true on the owner's own profile. */
  moderation: listModeration,
});
export type ProfileCompletedTask = z.infer<typeof profileCompletedTask>;
export type ProfileCreatedTask = z.infer<typeof profileCreatedTask>;
export type ProfilePurchasedPerk = z.infer<typeof profilePurchasedPerk>;
export type ProfileCreatedPerk = z.infer<typeof profileCreatedPerk>;

/**
 * GET profiles/{id}/. Counts are totals (what the viewer may see); lists are the newest
 * `PROFILE_LIST_LIMIT`. A private profile shows others its name, avatar and counts only.
 */
export const profileDetail = profile.extend({
  ...xpLevelFields,
  is_own: z.boolean(),
  created_tasks_count: z.number().int(),
  purchased_perks_count: z.number().int(),
  created_perks_count: z.number().int(),
  completed_tasks: z.array(profileCompletedTask),
  created_tasks: z.array(profileCreatedTask),
  purchased_perks: z.array(profilePurchasedPerk),
  created_perks: z.array(profileCreatedPerk),
});
export type ProfileDetail = z.infer<typeof profileDetail>;

export const profileCountResponse = z.object({ count: z.number().int() });
export type ProfileCountResponse = z.infer<typeof profileCountResponse>;

export const followResponse = z.object({
  detail: z.string(),
  is_following: z.boolean(),
  followers_count: z.number().int(),
});
export type FollowResponse = z.infer<typeof followResponse>;
