import type { Profile } from '@wyn/contract';
import type { profiles, userSettings } from '../../db/schema/index.ts';
import { displayName } from '../../lib/display-name.ts';
import type { UserRow } from './accounts.service.ts';

export type ProfileRow = typeof profiles.$inferSelect;
export type UserSettingsRow = typeof userSettings.$inferSelect;

/**
 * The contract's `profile` shape from a user, their profile row and (optionally) their settings.
 * Counts come from the profile row; `is_following` is about the viewer and is the caller's to say.
 * Pure: the caller loads the rows (bot/profile/ and the club's profiles/ share this).
 */
export function toProfileDto(
  user: UserRow,
  profile: ProfileRow,
  opts: { publicUrl: string; isFollowing?: boolean; settings?: Pick<UserSettingsRow, 'privateProfile'> | null },
): Profile {
  return {
    id: profile.id,
    user: { id: user.id, username: user.username, first_name: user.firstName, last_name: user.lastName },
    display_name: displayName(user),
    bio: profile.bio,
    avatar: profile.avatar,
    telegram_photo_url: user.telegramPhotoUrl,
    telegram_handle: user.tgUsername,
    is_business: profile.isBusiness,
    business_tag: profile.businessTag,
    followers_count: profile.followersCount,
    following_count: profile.followingCount,
    posts_count: profile.postsCount,
    quests_completed_count: profile.questsCompletedCount,
    shareable_url: `${opts.publicUrl}/profile/${profile.id}`,
    is_following: opts.isFollowing ?? false,
    is_private: opts.settings?.privateProfile ?? false,
    created_at: profile.createdAt.toISOString(),
    updated_at: profile.updatedAt.toISOString(),
  };
}
