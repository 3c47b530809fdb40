import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/** GET /api/v1/bot/config/ (public). */
export interface AppConfig {
  product_name: string;
  telegram_bot_username: string | null;
  telegram_bot_id: string | number | null;
  welcome_bonus: string | number;
}

export const DEFAULT_PRODUCT_NAME = 'Wyn';

export function getAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  return api.get<AppConfig>(apiPaths.config, {
    auth: false,
    toast: false,
    signal,
    schema: import.meta.env.DEV && (() => import('@wyn/contract').then((m) => m.publicConfigResponse)),
  });
}

export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.config,
    queryFn: ({ signal }) => getAppConfig(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}

/** The product name from the server, "Wyn" until it is known. */
export function useProductName(): string {
  const { data } = useAppConfig();
  return data?.product_name || DEFAULT_PRODUCT_NAME;
}
