import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type TransferRequest, type TransferResponse, type Wallet } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { walletKeys } from './get-transactions';

/** POST club/wallets/{id}/transfer/ with an Idempotency-Key (docs/architecture.md, API conventions); errors are shown inline by the dialog. */
export function transfer(walletId: string, body: TransferRequest, idempotencyKey: string): Promise<TransferResponse> {
  return api.call(
    routes.walletTransfer,
    { params: { id: walletId }, body },
    {
      headers: { 'Idempotency-Key': idempotencyKey },
      toast: false,
    },
  );
}

export function useTransfer(walletId: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: TransferRequest; key: string }) => transfer(walletId ?? '', body, key),
    onSuccess: (res) => {
      qc.setQueryData<Wallet>(queryKeys.myWallet, (w) => (w ? { ...w, balance: res.balance } : w));
      void qc.invalidateQueries({ queryKey: queryKeys.myWallet });
      void qc.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}
