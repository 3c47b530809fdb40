import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type PerkDuplicate } from '@wyn/contract';
import { api } from '@/lib/api-client';
import type { TagRef } from '../lib/quest-form';

export interface PerkCopy {
  body: PerkDuplicate;
  /** The copied tags with their names (the duplicate body carries ids only; the picker shows names). */
  tags: TagRef[];
  /** The original's title, for the wizard's "copy of" note. */
  sourceTitle: string;
}

/**
 * GET club/perks/{id}/duplicate/ — the create body of a copy, its delivered content included (nothing is
 * stored). The perk is read alongside only for its tags' names; the duplicate alone decides (403, 409).
 */
export async function getPerkDuplicate(id: string, signal?: AbortSignal): Promise<PerkCopy> {
  const [body, perk] = await Promise.all([
    api.call(routes.perkDuplicate, { params: { id } }, { signal, toast: false }),
    api.call(routes.perkDetails, { params: { id } }, { signal, toast: false }).catch(() => null),
  ]);
  const names = new Map((perk?.tags ?? []).map((t) => [t.id, t.name]));
  return {
    body,
    tags: body.tags.flatMap((tagId) => (names.has(tagId) ? [{ id: tagId, name: names.get(tagId)! }] : [])),
    sourceTitle: perk?.title ?? body.title,
  };
}

export const perkDuplicateQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['create', 'duplicate', 'perk', id] as const,
    queryFn: ({ signal }) => getPerkDuplicate(id, signal),
    // A copy is taken once per visit: a refetch would overwrite what the creator already changed.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

export function usePerkDuplicate(id: string | null) {
  return useQuery({ ...perkDuplicateQueryOptions(id ?? ''), enabled: Boolean(id) });
}
