import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../styles.css';
import { api } from '@/lib/api-client';
import { authSession } from '@/lib/session';
import { endSession } from '@/lib/session-end';
import { initTelegram } from '@/lib/telegram';
import { browserPostTask } from '@/lib/post-task';
import { AppProvider } from './provider';
import { AppRouter, preloadRoute } from './router';
import { applyInitialTheme, notifyTelegramThemeChanged } from './theme';

/**
 * Runs `work` in a task of its own, ahead of the page's other tasks where the browser can say so. The entry's
 * evaluation (every module of the initial bundle, then this one) is one task, and Lighthouse's simulation places
 * it after the first paint, so all of it counted as blocking on Home (docs/performance.md, Web: total blocking
 * time): starting Home's chunk (its modulepreload links) and creating the root (React's event listeners) are tasks
 * of their own after it.
 */
function inOwnTask(work: () => void) {
  const postTask = browserPostTask();
  if (postTask) void postTask(work, { priority: 'user-blocking' });
  else setTimeout(work, 0);
}

inOwnTask(() => preloadRoute(window.location.pathname, authSession.isAuthenticated()));
applyInitialTheme();
void initTelegram().then((app) => {
  if (app) notifyTelegramThemeChanged();
});
api.setSessionExpiredHandler(() => endSession('expired'));
// iOS WebKit (Safari and Telegram's web view) applies :active, the pressed state, only with a touch listener.
document.addEventListener('touchstart', () => {}, { passive: true });

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The first render is a transition, so React renders it in slices and lets the browser in between: the start is
// not one long task (docs/performance.md, Web: total blocking time).
inOwnTask(() => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProvider>
          <AppRouter />
        </AppProvider>
      </StrictMode>,
    ),
  );
});
