import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FollowResponse, ProfileDetail } from '@wyn/contract';
import { queryKeys } from '@/lib/query-client';
import { applyFollow } from '../lib/profile-display';
import { profileDetailKey } from './get-profile';

/**
 * Follow or unfollow with the count moved at once (+1, or -1 never below 0) and put back if the call fails
 * (docs/spec/02-explore-details-wallet-social.md §4); the server's count replaces the guess when it answers.
 */
export function useFollowMutation(id: string, follow: boolean, call: (id: string) => Promise<FollowResponse>) {
  const qc = useQueryClient();
  const key = profileDetailKey(id);
  return useMutation({
    mutationFn: () => call(id),
    onMutate: async () => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<ProfileDetail>(key);
      if (before) qc.setQueryData<ProfileDetail>(key, applyFollow(before, follow));
      return { before };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.before) qc.setQueryData(key, ctx.before);
    },
    onSuccess: (res) => {
      qc.setQueryData<ProfileDetail>(key, (p) =>
        p ? { ...p, is_following: res.is_following, followers_count: res.followers_count } : p,
      );
      void qc.invalidateQueries({ queryKey: queryKeys.myProfile });
    },
  });
}
