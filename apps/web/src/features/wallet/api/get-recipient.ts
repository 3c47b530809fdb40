import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { isMemberId } from '../lib/send-form';

/** GET club/profiles/{id}/ for a recipient typed as a member id; the confirmation names them. */
export function getRecipient(id: string, signal?: AbortSignal) {
  return api.call(routes.profile, { params: { id } }, { signal, toast: false, retry: false });
}

export const recipientQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['wallet', 'recipient', id.toLowerCase()],
    queryFn: ({ signal }) => getRecipient(id, signal),
    staleTime: 60_000,
    retry: false,
  });

/**
 * The name of the member a typed id belongs to, for "Send 12 W to Chloe Nguyen?" (issue #14 item 14: no raw ids);
 * null for a username, while loading, or when no member has that id (the server then refuses the transfer).
 */
export function useRecipientName(recipient: string): string | null {
  const id = recipient.trim();
  const query = useQuery({ ...recipientQueryOptions(id), enabled: isMemberId(id) });
  return query.data?.display_name ?? null;
}
