import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type PerkDetail, type RedeemRequest, type RedeemResponse, type Wallet } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { perkDetailKey } from './get-perk';

export type RedeemVariables = { idempotencyKey: string; expectedCost: string };

/**
 * POST club/perks/{id}/redeem/ with an Idempotency-Key per confirmation (docs/architecture.md, API conventions) and the price the
 * confirm dialog showed: the server refuses with 409 price_changed rather than charge another price.
 * Errors are toasted by the page.
 */
export function redeemPerk(id: string, { idempotencyKey, expectedCost }: RedeemVariables): Promise<RedeemResponse> {
  const body: RedeemRequest = { expected_cost: expectedCost };
  return api.call(
    routes.perkRedeem,
    { params: { id }, body },
    { headers: { 'Idempotency-Key': idempotencyKey }, timeoutMs: 15_000, toast: false },
  );
}

export function useRedeemPerk(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (vars: RedeemVariables) => redeemPerk(id, vars),
    onSuccess: (res) => {
      qc.setQueryData<PerkDetail>(perkDetailKey(id), (p) => ({
        ...(p ?? res.perk),
        ...res.perk,
        is_redeemed: true,
        is_available: false,
        content: res.content ?? res.perk.content,
      }));
      qc.setQueryData<Wallet>(queryKeys.myWallet, (w) => (w ? { ...w, balance: res.balance } : w));
      void qc.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}
