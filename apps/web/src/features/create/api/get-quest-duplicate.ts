import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type QuestDuplicate } from '@wyn/contract';
import { api } from '@/lib/api-client';
import type { TagRef } from '../lib/quest-form';

export interface QuestCopy {
  body: QuestDuplicate;
  /** The copied tags with their names (the duplicate body carries ids only; the picker shows names). */
  tags: TagRef[];
  /** The original's title, for the wizard's "copy of" note. */
  sourceTitle: string;
}

/**
 * GET club/tasks/{id}/duplicate/ — the create body of a copy (nothing is stored). The quest itself is read
 * alongside only for its tags' names; the duplicate alone decides whether the member may copy it (403, 409).
 */
export async function getQuestDuplicate(id: string, signal?: AbortSignal): Promise<QuestCopy> {
  const [body, quest] = await Promise.all([
    api.call(routes.questDuplicate, { params: { id } }, { signal, toast: false }),
    api.call(routes.quest, { params: { id } }, { signal, toast: false }).catch(() => null),
  ]);
  const names = new Map((quest?.tags ?? []).map((t) => [t.id, t.name]));
  return {
    body,
    tags: body.tags.flatMap((tagId) => (names.has(tagId) ? [{ id: tagId, name: names.get(tagId)! }] : [])),
    sourceTitle: quest?.title ?? body.title,
  };
}

export const questDuplicateQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['create', 'duplicate', 'quest', id] as const,
    queryFn: ({ signal }) => getQuestDuplicate(id, signal),
    // A copy is taken once per visit: a refetch would overwrite what the creator already changed.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

export function useQuestDuplicate(id: string | null) {
  return useQuery({ ...questDuplicateQueryOptions(id ?? ''), enabled: Boolean(id) });
}
