import { useQuery } from '@tanstack/react-query';
import type { PerkContentResponse } from '@wyn/contract';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/** GET club/perks/{id}/content/ — the delivered content for the creator or a redeemer. */
export function getPerkContent(id: string, signal?: AbortSignal): Promise<PerkContentResponse> {
  return api.get<PerkContentResponse>(apiPaths.perkContent(id), { signal, toast: false });
}

/** Only used when the detail says the viewer may see the content but did not include it. */
export function usePerkContent(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['perks', 'content', id] as const,
    queryFn: ({ signal }) => getPerkContent(id, signal),
    enabled,
  });
}
