import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api } from '@/lib/api-client';
import type { ReviewSubmission } from '@wyn/contract';
import { listOf } from './get-submissions';
import { questKeys } from './keys';

/** GET club/task-completions/to_review/ — pending submissions across the viewer's quests, with their signals. */
export async function getToReview(signal?: AbortSignal): Promise<ReviewSubmission[]> {
  const data = await api.call(routes.questCompletionsToReview, { query: { page_size: 100 } }, { signal });
  return listOf(data);
}

export const toReviewQueryOptions = () =>
  queryOptions({ queryKey: questKeys.toReview, queryFn: ({ signal }) => getToReview(signal) });

export function useToReview() {
  return useQuery(toReviewQueryOptions());
}
