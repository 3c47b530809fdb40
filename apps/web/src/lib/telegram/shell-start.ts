/**
 * The Mini App shell, loaded inside Telegram only (shell.ts): loads Telegram's script, tells Telegram the app is
 * ready, asks for the full height, turns off the swipe-to-close gesture (every screen scrolls), marks <html>
 * with what Telegram's own buttons stand in for, starts applying the screens' buttons, and keeps the viewport
 * and safe-area CSS variables and the theme current as Telegram changes them.
 */
import { createButtonApplier } from './buttons-apply';
import type { ShellKit } from './shell-kit';
import type { TelegramFeature, TelegramInsets, TelegramWebApp } from './webapp';

/**
 * Classes on <html> (public/tg-boot.js sets them before the first paint from the launch parameters):
 * `tg` inside a Mini App; `tg-back`, `tg-main`, `tg-secondary` where Telegram's BackButton, MainButton and
 * SecondaryButton replace the in-page ones (styles.css variants `tg:`, `tg-back:`, `tg-main:`).
 */
const SHELL_CLASSES: [string, TelegramFeature | null][] = [
  ['tg', null],
  ['tg-back', 'backButton'],
  ['tg-main', 'mainButton'],
  ['tg-secondary', 'secondaryButton'],
];

export function syncShellClasses(kit: ShellKit, loaded: boolean): void {
  const { miniApp, expectsSupport, supports } = kit;
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  const inside = loaded ? miniApp() !== null : expectsSupport('mainButton') || miniApp() !== null;
  for (const [name, feature] of SHELL_CLASSES) {
    const on = inside && (feature === null || (loaded ? supports(feature) : expectsSupport(feature)));
    root.classList.toggle(name, on);
  }
}

const SIDES = ['top', 'bottom', 'left', 'right'] as const;

/** Telegram's viewport height and safe areas as CSS variables (the names Telegram's own script uses). */
export function syncViewport(kit: ShellKit, app: TelegramWebApp | null = kit.miniApp()): void {
  if (!app || typeof document === 'undefined') return;
  const style = document.documentElement.style;
  const px = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n >= 0 ? `${Math.round(n)}px` : null);
  const set = (name: string, value: string | null) => {
    if (value) style.setProperty(name, value);
    else style.removeProperty(name);
  };
  set('--tg-viewport-height', px(app.viewportHeight));
  set('--tg-viewport-stable-height', px(app.viewportStableHeight));
  const safe = kit.supports('safeArea');
  for (const side of SIDES) {
    set(`--tg-safe-area-inset-${side}`, safe ? px((app.safeAreaInset as Partial<TelegramInsets>)?.[side] ?? 0) : null);
    set(
      `--tg-content-safe-area-inset-${side}`,
      safe ? px((app.contentSafeAreaInset as Partial<TelegramInsets>)?.[side] ?? 0) : null,
    );
  }
}

/** Starts the shell; resolves with the WebApp inside a Mini App, else null. */
export async function startShell(kit: ShellKit): Promise<TelegramWebApp | null> {
  syncShellClasses(kit, false);
  await kit.loadTelegram();
  const app = kit.miniApp();
  syncShellClasses(kit, true);
  if (!app) return null;
  try {
    app.ready?.();
    app.expand?.();
  } catch {
    /* older clients */
  }
  kit.withWebApp('verticalSwipes', (a) => a.disableVerticalSwipes?.());
  syncViewport(kit, app);
  for (const event of ['viewportChanged', 'safeAreaChanged', 'contentSafeAreaChanged', 'fullscreenChanged'])
    kit.onWebAppEvent(event, () => syncViewport(kit));
  const themeChanged = () => {
    kit.refreshTelegramButtons();
    kit.notifyTelegramTheme();
  };
  kit.onWebAppEvent('themeChanged', themeChanged);
  kit.setButtonApplier(createButtonApplier(kit));
  themeChanged();
  return app;
}
