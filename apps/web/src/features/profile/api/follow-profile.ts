import { routes, type FollowResponse } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { useFollowMutation } from './follow-mutation';

/** POST club/profiles/{id}/follow/ — the caller toasts the outcome. */
export function followProfile(id: string): Promise<FollowResponse> {
  return api.call(routes.profileFollow, { params: { id } }, { toast: false });
}

/** Follow, optimistically (+1), reverted on failure. */
export const useFollowProfile = (id: string) => useFollowMutation(id, true, followProfile);
