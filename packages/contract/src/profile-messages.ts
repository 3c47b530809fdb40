/**
 * Profile constants and sentences shared by the server and the web app, kept apart from the profile schemas
 * (profiles.ts) so the web app can import them without loading zod.
 */

/** Profile and follow texts (docs/spec/02-explore-details-wallet-social.md §8), shared by the server and the web app. */
export const PROFILE_MSG = {
  notFound: 'Profile not found.',
  cannotFollowSelf: 'You cannot follow yourself.',
  followed: 'You are now following {username}',
  unfollowed: 'You unfollowed {username}',
  followFailed: 'Failed to follow user',
  unfollowFailed: 'Failed to unfollow user',
  updateForbidden: 'You do not have permission to update this profile.',
  updated: 'Profile updated successfully.',
  updateFailed: 'Failed to update profile. Please try again.',
  avatarFailed: 'Avatar upload failed: {errors}',
  avatarImageOnly: 'The avatar must be a JPEG, PNG, GIF or WebP image.',
  invalidInput: 'Invalid data provided. Please check your input.',
  invalidCharacters: '{field} contains characters that are not allowed.',
  noBio: 'No bio available',
  followNotificationTitle: 'New follower',
  followNotificationMessage: '{name} started following you',
} as const;

/** The image types an avatar may be (read from the bytes). */
export const AVATAR_ALLOWED_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** Lists on a profile page: each capped at `PROFILE_LIST_LIMIT`, newest first. */
export const PROFILE_LIST_LIMIT = 20;
