import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api, type CallInput, type CallOutput } from '@/lib/api-client';
import { staffKeys } from './staff-keys';

/** POST club/staff/categories/ — a new explore category. The screen shows its own toasts. */
export function createCategory(
  body: CallInput<'staffCategoryCreate'>['body'],
): Promise<CallOutput<'staffCategoryCreate'>> {
  return api.call(routes.staffCategoryCreate, { body }, { toast: false });
}

export function useCreateCategory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: staffKeys.list('categories') });
      void qc.invalidateQueries({ queryKey: staffKeys.list('audit-log') });
    },
  });
}
