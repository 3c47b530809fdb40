import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api, type CallOutput } from '@/lib/api-client';
import { staffKeys } from './staff-keys';

/** DELETE club/staff/categories/{id}/ (204). The screen shows its own toasts. */
export function deleteCategory(id: string): Promise<CallOutput<'staffCategoryDelete'>> {
  return api.call(routes.staffCategoryDelete, { params: { id } }, { toast: false });
}

export function useDeleteCategory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: staffKeys.list('categories') });
      void qc.invalidateQueries({ queryKey: staffKeys.list('audit-log') });
    },
  });
}
