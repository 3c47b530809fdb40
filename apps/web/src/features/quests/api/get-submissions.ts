import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type Paginated } from '@wyn/contract';
import { api } from '@/lib/api-client';
import type { Submission } from '../types';
import { questKeys } from './keys';

function listOf<T>(data: Paginated<T> | T[] | undefined): T[] {
  return Array.isArray(data) ? data : (data?.results ?? []);
}

/** GET club/task-completions/?task=<id> — the creator's view of one quest's submissions (all states). */
export async function getSubmissions(questId: string, signal?: AbortSignal): Promise<Submission[]> {
  const data = await api.call(routes.questCompletions, { query: { task: questId, page_size: 100 } }, { signal });
  return listOf(data);
}

export const submissionsQueryOptions = (questId: string) =>
  queryOptions({
    queryKey: questKeys.submissions(questId),
    queryFn: ({ signal }) => getSubmissions(questId, signal),
  });

export function useSubmissions(questId: string, enabled: boolean) {
  return useQuery({ ...submissionsQueryOptions(questId), enabled });
}

export { listOf };
