import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { Theme } from '@wyn/contract';
import { useUpdateUserSettings, useUserSettings } from '@/lib/queries/user-settings';
import { accountCache, useIsAuthenticated } from '@/lib/session';
import { getTelegramTheme, onTelegramThemeChange, setTelegramChrome, type TelegramThemeParams } from '@/lib/telegram';
import { TELEGRAM_TOKENS, telegramPalette } from './telegram-palette';

export type ResolvedTheme = 'light' | 'dark';

interface ThemeContextValue {
  /** The member's setting: system (default), light or dark. */
  preference: Theme;
  resolved: ResolvedTheme;
  setPreference: (theme: Theme) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribeSystem(cb: () => void) {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const mql = window.matchMedia(DARK_QUERY);
  mql.addEventListener('change', cb);
  return () => mql.removeEventListener('change', cb);
}
function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && Boolean(window.matchMedia?.(DARK_QUERY).matches);
}

// Telegram's theme can change at run time and becomes known once the SDK has loaded.
let telegramVersion = 0;
const telegramListeners = new Set<() => void>();
export function notifyTelegramThemeChanged() {
  telegramVersion++;
  for (const l of telegramListeners) l();
}
function subscribeTelegram(cb: () => void) {
  telegramListeners.add(cb);
  const off = onTelegramThemeChange(notifyTelegramThemeChanged);
  return () => {
    telegramListeners.delete(cb);
    off();
  };
}

function applyTelegramVars(root: HTMLElement, params: TelegramThemeParams | null) {
  for (const v of TELEGRAM_TOKENS) root.style.removeProperty(v);
  if (!params) return;
  // Telegram's surfaces and text, with readable tones derived for hints and the accent (telegram-palette.ts).
  for (const [token, value] of Object.entries(telegramPalette(params))) root.style.setProperty(token, value);
}

/** light/dark for a preference, given the system and Telegram. */
export function resolveTheme(
  preference: Theme,
  systemDark: boolean,
  telegramScheme: ResolvedTheme | null,
): ResolvedTheme {
  if (preference === 'light' || preference === 'dark') return preference;
  if (telegramScheme) return telegramScheme;
  return systemDark ? 'dark' : 'light';
}

function applyClass(resolved: ResolvedTheme) {
  const root = document.documentElement;
  root.classList.toggle('dark', resolved === 'dark');
  root.style.colorScheme = resolved;
}

/** Sets the dark class before React renders (from cached settings and the system), to avoid a flash. */
export function applyInitialTheme(): void {
  const pref = accountCache.getSettings()?.theme ?? 'system';
  applyClass(resolveTheme(pref, systemPrefersDark(), getTelegramTheme()?.colorScheme ?? null));
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const signedIn = useIsAuthenticated();
  const settings = useUserSettings();
  const update = useUpdateUserSettings();
  const preference: Theme = (signedIn ? settings.data?.theme : undefined) ?? 'system';

  const systemDark = useSyncExternalStore(subscribeSystem, systemPrefersDark, () => false);
  const tgVersion = useSyncExternalStore(
    subscribeTelegram,
    () => telegramVersion,
    () => 0,
  );
  const telegram = useMemo(() => {
    void tgVersion;
    return getTelegramTheme();
  }, [tgVersion]);

  const resolved = resolveTheme(preference, systemDark, telegram?.colorScheme ?? null);
  const followTelegram = preference === 'system' && telegram !== null;

  useEffect(() => {
    const root = document.documentElement;
    applyClass(resolved);
    applyTelegramVars(root, followTelegram ? (telegram?.themeParams ?? null) : null);
    const bg = getComputedStyle(root).getPropertyValue('--background').trim();
    if (bg) {
      setTelegramChrome(bg);
      document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]').forEach((m) => (m.content = bg));
    }
  }, [resolved, followTelegram, telegram]);

  const { mutate } = update;
  const setPreference = useCallback(
    (theme: Theme) => {
      if (signedIn) mutate({ theme });
    },
    [signedIn, mutate],
  );

  const value = useMemo(() => ({ preference, resolved, setPreference }), [preference, resolved, setPreference]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error('useTheme must be used inside ThemeProvider');
  return ctx;
}
