import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type ReferralsResponse } from '@wyn/contract';
import { api } from '@/lib/api-client';

export const referralsKeys = { all: ['referrals'] as const };

/** GET club/referrals/ — the member's code, links, invitees and earnings; the screen shows its own error state. */
export function getReferrals(signal?: AbortSignal): Promise<ReferralsResponse> {
  return api.call(routes.referrals, {}, { signal, toast: false });
}

export const referralsQueryOptions = () =>
  queryOptions({ queryKey: referralsKeys.all, queryFn: ({ signal }) => getReferrals(signal), staleTime: 30_000 });

export function useReferrals() {
  return useQuery(referralsQueryOptions());
}
