import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type Wallet } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { accountCache, useIsAuthenticated } from '@/lib/session';

export async function getMyWallet(signal?: AbortSignal): Promise<Wallet> {
  const wallet = await api.call(routes.myWallet, {}, { signal });
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
