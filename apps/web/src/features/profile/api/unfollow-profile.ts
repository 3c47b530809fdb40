import { routes, type FollowResponse } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { useFollowMutation } from './follow-mutation';

/** POST club/profiles/{id}/unfollow/ — the caller toasts the outcome. */
export function unfollowProfile(id: string): Promise<FollowResponse> {
  return api.call(routes.profileUnfollow, { params: { id } }, { toast: false });
}

/** Unfollow, optimistically (-1, never below 0), reverted on failure. */
export const useUnfollowProfile = (id: string) => useFollowMutation(id, false, unfollowProfile);
