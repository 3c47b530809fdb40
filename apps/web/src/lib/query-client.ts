import { QueryClient } from '@tanstack/react-query';

/** The API client already retries network failures and 5xx (and toasts), so React Query does not retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

export const queryKeys = {
  config: ['config'] as const,
  me: ['me'] as const,
  currentUser: ['me', 'user'] as const,
  myProfile: ['me', 'profile'] as const,
  myWallet: ['me', 'wallet'] as const,
  settings: ['me', 'settings'] as const,
  notificationSummary: ['me', 'notifications', 'summary'] as const,
  homepage: ['home', 'complete'] as const,
  tags: ['tags'] as const,
};
