import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { TIMINGS } from '@wyn/contract';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { queryClient as defaultClient } from '@/lib/query-client';
import { loadSonner, loadSonnerWhenIdle, useSonnerRequested } from '@/lib/toast';
import { DESKTOP_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { ThemeProvider, useTheme } from './theme';

// sonner loads with the first toast or a while after the page has loaded, outside the initial bundle (lib/toast.ts).
const Toaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

// Toasts stay clear of the header and of Telegram's MainButton (issue #14 item 21): on a phone just above
// the bottom navigation (4 rem, plus the safe area), from 768 px in the bottom right corner.
const ABOVE_BOTTOM_NAV = 'calc(4rem + var(--safe-bottom) + 12px)';

function ThemedToaster() {
  const { resolved } = useTheme();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  useEffect(() => loadSonnerWhenIdle(), []);
  if (!useSonnerRequested()) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position={desktop ? 'bottom-right' : 'bottom-center'}
        closeButton
        richColors
        duration={TIMINGS.toastDefaultMs}
        theme={resolved}
        offset={desktop ? { bottom: '24px', right: '24px' } : { bottom: ABOVE_BOTTOM_NAV }}
        mobileOffset={{ bottom: ABOVE_BOTTOM_NAV }}
      />
    </Suspense>
  );
}

/** Query client, theme and toasts (bottom, clear of the navigation; close button, rich colours, 4 s). */
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
