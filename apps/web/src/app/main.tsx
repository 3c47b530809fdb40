import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../styles.css';
import { api } from '@/lib/api-client';
import { endSession } from '@/lib/session-end';
import { initTelegram } from '@/lib/telegram';
import { AppProvider } from './provider';
import { AppRouter } from './router';
import { applyInitialTheme, notifyTelegramThemeChanged } from './theme';

applyInitialTheme();
void initTelegram().then((app) => {
  if (app) notifyTelegramThemeChanged();
});
api.setSessionExpiredHandler(() => endSession('expired'));

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
