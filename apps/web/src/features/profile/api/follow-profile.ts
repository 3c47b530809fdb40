import type { FollowResponse } from '@wyn/contract';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { useFollowMutation } from './follow-mutation';

/** POST club/profiles/{id}/follow/ — the caller toasts the outcome. */
export function followProfile(id: string): Promise<FollowResponse> {
  return api.post<FollowResponse>(apiPaths.profileFollow(id), undefined, { toast: false });
}

/** Follow, optimistically (+1), reverted on failure. */
export const useFollowProfile = (id: string) => useFollowMutation(id, true, followProfile);
