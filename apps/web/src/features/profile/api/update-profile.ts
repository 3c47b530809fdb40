import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, TIMINGS, type ProfileDetail, type UpdateProfileRequest } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { profileDetailKey } from './get-profile';

export type ProfileUpdate = { fields: UpdateProfileRequest; avatar?: File | null };

/**
 * PATCH club/profiles/{id}/: JSON, or one multipart request (avatar plus the text fields) when a new
 * avatar was picked (docs/spec/02-explore-details-wallet-social.md §5). Errors are shown by the caller.
 */
export function updateProfile(id: string, { fields, avatar }: ProfileUpdate): Promise<ProfileDetail> {
  if (!avatar) return api.call(routes.profileUpdate, { params: { id }, body: fields }, { toast: false });
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, v);
  form.append('avatar', avatar);
  return api.call(
    routes.profileUpdate,
    { params: { id }, body: form },
    { toast: false, timeoutMs: TIMINGS.uploadTimeoutMs },
  );
}

export function useUpdateProfile(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate) => updateProfile(id, update),
    onSuccess: (profile) => {
      qc.setQueryData(profileDetailKey(id), profile);
      // The header avatar, the home greeting and the session user all read the own profile.
      void qc.invalidateQueries({ queryKey: queryKeys.myProfile });
      void qc.invalidateQueries({ queryKey: queryKeys.currentUser });
    },
  });
}
