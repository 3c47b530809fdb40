import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type Tag } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/** POST club/tags/ {name} — errors shown inline by the dialog. */
export function createTag(name: string): Promise<Tag> {
  return api.call(routes.tagCreate, { body: { name: name.trim() } }, { toast: false });
}

export function useCreateTag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createTag,
    onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.tags }),
  });
}
