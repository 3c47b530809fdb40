import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { TIMINGS } from '@wyn/contract';
import { lazy, Suspense, type ReactNode } from 'react';
import { queryClient as defaultClient } from '@/lib/query-client';
import { loadSonner } from '@/lib/toast';
import { ThemeProvider, useTheme } from './theme';

// sonner loads right after the first render, outside the initial bundle.
const Toaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

function ThemedToaster() {
  const { resolved } = useTheme();
  return (
    <Suspense fallback={null}>
      <Toaster
        position="top-center"
        closeButton
        richColors
        duration={TIMINGS.toastDefaultMs}
        theme={resolved}
        offset={{ top: 'max(16px, env(safe-area-inset-top))' }}
        mobileOffset={{ top: 'max(12px, env(safe-area-inset-top))' }}
      />
    </Suspense>
  );
}

/** Query client, theme and toasts (top centre, close button, rich colours, 4 s). */
export function AppProvider({
  children,
  queryClient = defaultClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <ThemedToaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
