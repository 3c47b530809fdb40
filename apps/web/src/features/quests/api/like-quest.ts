import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api, type CallOutput } from '@/lib/api-client';
import type { QuestDetail } from '../types';
import { questKeys } from './keys';

export type LikeResult = CallOutput<'questLike'>;

/** POST club/tasks/{id}/like/ — toggles the caller's like; failures toast through the client. */
export function likeQuest(questId: string): Promise<LikeResult> {
  return api.call(routes.questLike, { params: { id: questId } });
}

/** The heart changes at once and settles on the server's answer (or goes back on an error). */
export function useLikeQuest(questId: string) {
  const qc = useQueryClient();
  const key = questKeys.detail(questId);
  return useMutation({
    mutationFn: () => likeQuest(questId),
    onMutate: async () => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<QuestDetail>(key);
      if (before)
        qc.setQueryData<QuestDetail>(key, {
          ...before,
          is_liked: !before.is_liked,
          likes_count: Math.max(0, before.likes_count + (before.is_liked ? -1 : 1)),
        });
      return { before };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.before) qc.setQueryData(key, ctx.before);
    },
    onSuccess: (res) =>
      qc.setQueryData<QuestDetail>(key, (q) => (q ? { ...q, is_liked: res.liked, likes_count: res.likes_count } : q)),
  });
}
