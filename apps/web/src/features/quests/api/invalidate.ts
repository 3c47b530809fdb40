import { useQueryClient } from '@tanstack/react-query';
import { questKeys } from './keys';

/** Every review decision refreshes the quest data it can change (detail, submissions, to-review). */
export function useInvalidateQuests() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: questKeys.all });
}
