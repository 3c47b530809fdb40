import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated } from '@wyn/contract';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { Submission } from '../types';
import { listOf } from './get-submissions';
import { questKeys } from './keys';

/** GET club/task-completions/to_review/ — pending submissions across the viewer's quests. */
export async function getToReview(signal?: AbortSignal): Promise<Submission[]> {
  const data = await api.get<Paginated<Submission> | Submission[]>(apiPaths.questCompletionsToReview, {
    query: { page_size: 100 },
    signal,
  });
  return listOf(data);
}

export const toReviewQueryOptions = () =>
  queryOptions({ queryKey: questKeys.toReview, queryFn: ({ signal }) => getToReview(signal) });

export function useToReview() {
  return useQuery(toReviewQueryOptions());
}
