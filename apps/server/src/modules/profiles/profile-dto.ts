import type { Profile } from '@wyn/contract';
import type { profiles } from '../../db/schema/index.ts';
import { displayName, type UserRow } from '../accounts/accounts.service.ts';

export type ProfileRow = typeof profiles.$inferSelect;

/** The public address of a member's profile page. */
export const shareableProfileUrl = (publicUrl: string, id: string) => `${publicUrl}/profile/${id}`;

/** A member's profile as the API sends it; `isFollowing` is from the viewer's side, `isPrivate` from their settings. */
export function toProfileDto(
  user: UserRow,
  profile: ProfileRow,
  opts: { publicUrl: string; isFollowing: boolean; isPrivate: boolean },
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
    shareable_url: shareableProfileUrl(opts.publicUrl, profile.id),
    is_following: opts.isFollowing,
    is_private: opts.isPrivate,
    created_at: profile.createdAt.toISOString(),
    updated_at: profile.updatedAt.toISOString(),
  };
}
