import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, TIMINGS, type UpdateSettingsRequest, type UserSettings } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { accountCache, useIsAuthenticated } from '@/lib/session';

export async function getUserSettings(signal?: AbortSignal): Promise<UserSettings> {
  const settings = await api.call(routes.userSettings, {}, { signal, toast: false });
  accountCache.setSettings(settings);
  return settings;
}

export const userSettingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.settings,
    queryFn: ({ signal }) => getUserSettings(signal),
    staleTime: TIMINGS.settingsCacheMs,
    initialData: () => accountCache.getSettings() ?? undefined,
    initialDataUpdatedAt: () => (accountCache.getSettings() ? Date.now() - TIMINGS.settingsCacheMs / 2 : 0),
  });

export function useUserSettings() {
  const signedIn = useIsAuthenticated();
  return useQuery({ ...userSettingsQueryOptions(), enabled: signedIn });
}

export function updateUserSettings(body: UpdateSettingsRequest): Promise<UserSettings> {
  return api.call(routes.updateUserSettings, { body });
}

export function useUpdateUserSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateUserSettings,
    onSuccess: (settings) => {
      accountCache.setSettings(settings);
      qc.setQueryData(queryKeys.settings, settings);
    },
  });
}
