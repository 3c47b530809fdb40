import { useQuery } from '@tanstack/react-query';
import { routes, type PerkContentResponse } from '@wyn/contract';
import { api } from '@/lib/api-client';

/** GET club/perks/{id}/content/ — the delivered content for the creator or a redeemer. */
export function getPerkContent(id: string, signal?: AbortSignal): Promise<PerkContentResponse> {
  return api.call(routes.perkContent, { params: { id } }, { signal, toast: false });
}

/** Only used when the detail says the viewer may see the content but did not include it. */
export function usePerkContent(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['perks', 'content', id] as const,
    queryFn: ({ signal }) => getPerkContent(id, signal),
    enabled,
  });
}
