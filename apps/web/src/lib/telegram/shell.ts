/**
 * The Mini App shell's entry: a plain browser stops here. Inside Telegram (launch data in the URL, or its
 * script already there) the rest is loaded on demand (shell-start.ts), so the initial bundle carries only the
 * registries the screens talk to.
 */
import { backButtons, mainButtons, refreshTelegramButtons, secondaryButtons, setButtonApplier } from './buttons';
import type { ShellKit } from './shell-kit';
import { notifyTelegramTheme, resetThemeEventsForTests } from './theme-events';
import {
  expectsSupport,
  getTelegramTheme,
  isTelegramLikely,
  loadTelegram,
  miniApp,
  onWebAppEvent,
  supports,
  withWebApp,
  type TelegramWebApp,
} from './webapp';

export { onTelegramThemeChange } from './theme-events';

/** What the shell, loaded on demand, works with. */
export const shellKit: ShellKit = {
  loadTelegram,
  miniApp,
  supports,
  expectsSupport,
  withWebApp,
  onWebAppEvent,
  getTelegramTheme,
  backButtons,
  mainButtons,
  secondaryButtons,
  setButtonApplier,
  refreshTelegramButtons,
  notifyTelegramTheme,
};

let started: Promise<TelegramWebApp | null> | null = null;

/** Starts the shell once; resolves with the WebApp inside a Mini App, else null. Never rejects. */
export function initTelegram(): Promise<TelegramWebApp | null> {
  started ??= isTelegramLikely()
    ? import('./shell-start').then((m) => m.startShell(shellKit)).catch(() => null)
    : Promise.resolve(null);
  return started;
}

/** For unit tests. */
export function resetShellForTests(): void {
  started = null;
  resetThemeEventsForTests();
}
