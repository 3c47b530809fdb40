import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api, type CallInput, type CallOutput } from '@/lib/api-client';
import { staffKeys } from './staff-keys';

/** PATCH club/staff/categories/{id}/ with the changed fields. The screen shows its own toasts. */
export function updateCategory({
  id,
  body,
}: {
  id: string;
  body: CallInput<'staffCategoryUpdate'>['body'];
}): Promise<CallOutput<'staffCategoryUpdate'>> {
  return api.call(routes.staffCategoryUpdate, { params: { id }, body }, { toast: false });
}

export function useUpdateCategory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: staffKeys.list('categories') });
      void qc.invalidateQueries({ queryKey: staffKeys.list('audit-log') });
    },
  });
}
