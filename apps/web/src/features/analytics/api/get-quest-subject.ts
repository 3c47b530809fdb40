import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api } from '@/lib/api-client';

/** GET club/tasks/{id}/ — only the quest's title, for the analytics screen's heading. */
export async function getQuestSubject(id: string, signal?: AbortSignal) {
  const quest = await api.call(routes.quest, { params: { id } }, { signal, toast: false });
  return { title: quest.title };
}

export const questSubjectQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['analytics', 'quest-subject', id] as const,
    queryFn: ({ signal }) => getQuestSubject(id, signal),
    staleTime: 5 * 60_000,
  });

export function useQuestSubject(id: string) {
  return useQuery(questSubjectQueryOptions(id));
}
