import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api } from '@/lib/api-client';
import type { QuestDetail } from '../types';
import { questKeys } from './keys';

/** GET club/tasks/{id}/ — the page shows its own error state, so no toast. */
export function getQuest(id: string, signal?: AbortSignal): Promise<QuestDetail> {
  return api.call(routes.quest, { params: { id } }, { signal, toast: false });
}

export const questQueryOptions = (id: string) =>
  queryOptions({
    queryKey: questKeys.detail(id),
    queryFn: ({ signal }) => getQuest(id, signal),
    staleTime: 5 * 60_000,
    gcTime: 30 * 60_000,
  });

export function useQuest(id: string) {
  return useQuery(questQueryOptions(id));
}
