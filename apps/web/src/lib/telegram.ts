/**
 * The only module that touches `window.Telegram.WebApp`.
 * The SDK script is loaded only when running inside Telegram is likely (launch data in the URL, or the
 * object already present); in a plain browser nothing is loaded and every helper returns null/false.
 */
import { session } from './storage';

export interface TelegramThemeParams {
  bg_color?: string;
  text_color?: string;
  hint_color?: string;
  link_color?: string;
  button_color?: string;
  button_text_color?: string;
  secondary_bg_color?: string;
  header_bg_color?: string;
  section_bg_color?: string;
}

export interface TelegramWebApp {
  initData: string;
  colorScheme?: 'light' | 'dark';
  themeParams?: TelegramThemeParams;
  platform?: string;
  version?: string;
  ready?: () => void;
  expand?: () => void;
  onEvent?: (event: string, cb: () => void) => void;
  offEvent?: (event: string, cb: () => void) => void;
  setHeaderColor?: (color: string) => void;
  setBackgroundColor?: (color: string) => void;
  isVersionAtLeast?: (v: string) => boolean;
}

declare global {
  interface Window {
    Telegram?: { WebApp?: TelegramWebApp };
  }
}

const SDK_URL = 'https://telegram.org/js/telegram-web-app.js';
const SDK_TIMEOUT_MS = 4000;
const INIT_DATA_KEY = 'wyn.tg_init_data';

/** Launch data Telegram puts in the URL fragment (`#tgWebAppData=...`), captured before routing clears it. */
function initDataFromLocation(): string | null {
  if (typeof window === 'undefined') return null;
  const read = (s: string) => {
    const params = new URLSearchParams(s.replace(/^[#?]/, ''));
    return params.get('tgWebAppData');
  };
  return read(window.location.hash) ?? read(window.location.search);
}

const launchData = (() => {
  const fromUrl = initDataFromLocation();
  if (fromUrl) session.set(INIT_DATA_KEY, fromUrl);
  return fromUrl ?? session.get(INIT_DATA_KEY);
})();

export function getWebApp(): TelegramWebApp | null {
  if (typeof window === 'undefined') return null;
  return window.Telegram?.WebApp ?? null;
}

/** True when the page was probably opened as a Telegram Mini App. */
export function isTelegramLikely(): boolean {
  return Boolean(launchData) || Boolean(getWebApp());
}

let loading: Promise<TelegramWebApp | null> | null = null;

/** Loads Telegram's SDK when inside Telegram is likely; resolves with WebApp or null. Never rejects. */
export function loadTelegram(): Promise<TelegramWebApp | null> {
  const existing = getWebApp();
  if (existing) return Promise.resolve(existing);
  if (!isTelegramLikely() || typeof document === 'undefined') return Promise.resolve(null);
  loading ??= new Promise<TelegramWebApp | null>((resolve) => {
    const script = document.createElement('script');
    script.src = SDK_URL;
    script.async = true;
    const done = () => {
      clearTimeout(timer);
      resolve(getWebApp());
    };
    const timer = setTimeout(done, SDK_TIMEOUT_MS);
    script.addEventListener('load', done);
    script.addEventListener('error', done);
    document.head.appendChild(script);
  });
  return loading;
}

/** Tells Telegram the app is ready and asks for the full height. */
export async function initTelegram(): Promise<TelegramWebApp | null> {
  const app = await loadTelegram();
  if (!app) return null;
  try {
    app.ready?.();
    app.expand?.();
  } catch {
    /* older clients */
  }
  return app;
}

/** The Mini App launch data (signed by Telegram), or null outside a Mini App. */
export function getInitData(): string | null {
  const fromSdk = getWebApp()?.initData;
  return fromSdk ? fromSdk : launchData;
}

/** True inside a Mini App that carries launch data. */
export function isInsideMiniApp(): boolean {
  return Boolean(getInitData());
}

export function getTelegramTheme(): { colorScheme: 'light' | 'dark'; themeParams: TelegramThemeParams } | null {
  const app = getWebApp();
  if (!app || !app.initData) return null;
  return { colorScheme: app.colorScheme === 'dark' ? 'dark' : 'light', themeParams: app.themeParams ?? {} };
}

export function onTelegramThemeChange(cb: () => void): () => void {
  const app = getWebApp();
  if (!app?.onEvent) return () => {};
  app.onEvent('themeChanged', cb);
  return () => app.offEvent?.('themeChanged', cb);
}

/** Colours Telegram's header and background to match the page. */
export function setTelegramChrome(background: string): void {
  const app = getWebApp();
  if (!app?.initData) return;
  try {
    if (app.isVersionAtLeast?.('6.1') ?? false) {
      app.setHeaderColor?.(background);
      app.setBackgroundColor?.(background);
    }
  } catch {
    /* unsupported */
  }
}
