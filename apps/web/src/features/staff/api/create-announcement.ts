import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api, type CallInput, type CallOutput } from '@/lib/api-client';
import { staffKeys } from './staff-keys';

/** POST club/staff/announcements/: a job delivers it to the audience. The screen shows its own toasts. */
export function createAnnouncement(
  body: CallInput<'staffAnnouncementCreate'>['body'],
): Promise<CallOutput<'staffAnnouncementCreate'>> {
  return api.call(routes.staffAnnouncementCreate, { body }, { toast: false });
}

export function useCreateAnnouncement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createAnnouncement,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: staffKeys.list('announcements') });
      void qc.invalidateQueries({ queryKey: staffKeys.list('audit-log') });
    },
  });
}
