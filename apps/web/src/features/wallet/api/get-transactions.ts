import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { routes, type Paginated, type WalletTransaction } from '@wyn/contract';
import { api } from '@/lib/api-client';
import type { TransactionQueryParams } from '../lib/transaction-filters';

export const walletKeys = {
  all: ['wallet'] as const,
  transactions: (walletId: string, params: TransactionQueryParams) =>
    ['wallet', 'transactions', walletId, params] as const,
};

/** GET club/wallets/{id}/transactions/ — the page shows its own error state, so no toast. */
export function getTransactions(
  walletId: string,
  params: TransactionQueryParams,
  signal?: AbortSignal,
): Promise<Paginated<WalletTransaction>> {
  return api.call(routes.walletTransactions, { params: { id: walletId }, query: params }, { signal, toast: false });
}

export function useTransactions(walletId: string | undefined, params: TransactionQueryParams) {
  return useQuery({
    queryKey: walletKeys.transactions(walletId ?? '', params),
    queryFn: ({ signal }) => getTransactions(walletId ?? '', params, signal),
    enabled: Boolean(walletId),
    placeholderData: keepPreviousData,
  });
}
