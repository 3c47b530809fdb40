import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type PublicConfig } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/** GET /api/v1/bot/config/ (public). */
export type AppConfig = PublicConfig;

export const DEFAULT_PRODUCT_NAME = 'Wyn';

export function getAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  return api.call(routes.publicConfig, {}, { toast: false, signal });
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
