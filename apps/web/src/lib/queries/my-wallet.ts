import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Wallet } from '@wyn/contract';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { accountCache, useIsAuthenticated } from '@/lib/session';

export async function getMyWallet(signal?: AbortSignal): Promise<Wallet> {
  const wallet = await api.get<Wallet>(apiPaths.myWallet, {
    signal,
    schema: import.meta.env.DEV && (() => import('@wyn/contract').then((m) => m.wallet)),
  });
  accountCache.setWallet(wallet);
  return wallet;
}

export const myWalletQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.myWallet,
    queryFn: ({ signal }) => getMyWallet(signal),
    staleTime: 15_000,
    initialData: () => accountCache.getWallet() ?? undefined,
    initialDataUpdatedAt: 0,
  });

export function useMyWallet() {
  const signedIn = useIsAuthenticated();
  return useQuery({ ...myWalletQueryOptions(), enabled: signedIn });
}
