const listeners = new Set<() => void>();

/** Calls `cb` whenever Telegram's theme changes (and once its script has loaded). */
export function onTelegramThemeChange(cb: () => void): () => void {
  listeners.add(cb);
  return () => listeners.delete(cb);
}

/** Tells the listeners (shell-start.ts, on Telegram's themeChanged). */
export function notifyTelegramTheme(): void {
  for (const l of listeners) l();
}

/** For unit tests. */
export function resetThemeEventsForTests(): void {
  listeners.clear();
}
