/**
 * The only module that touches `window.Telegram.WebApp` (decision 0011): a thin typed layer over Telegram's
 * own script. That script is loaded only when running inside Telegram is likely (launch data in the URL,
 * or the object already present); in a plain browser nothing is loaded and every helper is a no-op.
 * Each capability is feature-detected by the client's version (`isVersionAtLeast`) and by the presence
 * of the method, and every call is guarded: an older or odd client degrades silently.
 */
import { session } from '../storage';

export interface TelegramThemeParams {
  bg_color?: string;
  text_color?: string;
  hint_color?: string;
  link_color?: string;
  button_color?: string;
  button_text_color?: string;
  secondary_bg_color?: string;
  header_bg_color?: string;
  bottom_bar_bg_color?: string;
  accent_text_color?: string;
  section_bg_color?: string;
  section_header_text_color?: string;
  section_separator_color?: string;
  subtitle_text_color?: string;
  destructive_text_color?: string;
}

export interface TelegramInsets {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** MainButton / SecondaryButton parameters (`setParams`). */
export interface BottomButtonParams {
  text?: string;
  color?: string;
  text_color?: string;
  is_active?: boolean;
  is_visible?: boolean;
  has_shine_effect?: boolean;
  position?: 'left' | 'right' | 'top' | 'bottom';
}

export interface TelegramBottomButton {
  text?: string;
  isVisible?: boolean;
  isActive?: boolean;
  isProgressVisible?: boolean;
  setParams?: (params: BottomButtonParams) => unknown;
  setText?: (text: string) => unknown;
  show?: () => unknown;
  hide?: () => unknown;
  enable?: () => unknown;
  disable?: () => unknown;
  showProgress?: (leaveActive?: boolean) => unknown;
  hideProgress?: () => unknown;
  onClick?: (cb: () => void) => unknown;
  offClick?: (cb: () => void) => unknown;
}

export interface TelegramBackButton {
  isVisible?: boolean;
  show?: () => unknown;
  hide?: () => unknown;
  onClick?: (cb: () => void) => unknown;
  offClick?: (cb: () => void) => unknown;
}

export type ImpactStyle = 'light' | 'medium' | 'heavy' | 'rigid' | 'soft';
export type NotificationType = 'error' | 'success' | 'warning';

export interface TelegramHapticFeedback {
  impactOccurred?: (style: ImpactStyle) => unknown;
  notificationOccurred?: (type: NotificationType) => unknown;
  selectionChanged?: () => unknown;
}

export interface TelegramWebApp {
  initData: string;
  initDataUnsafe?: { start_param?: string; user?: { id?: number; allows_write_to_pm?: boolean } };
  colorScheme?: 'light' | 'dark';
  themeParams?: TelegramThemeParams;
  platform?: string;
  version?: string;
  isExpanded?: boolean;
  isFullscreen?: boolean;
  viewportHeight?: number;
  viewportStableHeight?: number;
  safeAreaInset?: Partial<TelegramInsets>;
  contentSafeAreaInset?: Partial<TelegramInsets>;
  ready?: () => void;
  expand?: () => void;
  onEvent?: (event: string, cb: (...args: unknown[]) => void) => void;
  offEvent?: (event: string, cb: (...args: unknown[]) => void) => void;
  setHeaderColor?: (color: string) => void;
  setBackgroundColor?: (color: string) => void;
  setBottomBarColor?: (color: string) => void;
  isVersionAtLeast?: (v: string) => boolean;
  openLink?: (url: string, options?: { try_instant_view?: boolean }) => void;
  openTelegramLink?: (url: string) => void;
  shareMessage?: (msgId: string, callback?: (sent: boolean) => void) => void;
  requestWriteAccess?: (callback?: (granted: boolean) => void) => void;
  enableClosingConfirmation?: () => void;
  disableClosingConfirmation?: () => void;
  enableVerticalSwipes?: () => void;
  disableVerticalSwipes?: () => void;
  BackButton?: TelegramBackButton;
  MainButton?: TelegramBottomButton;
  SecondaryButton?: TelegramBottomButton;
  HapticFeedback?: TelegramHapticFeedback;
}

declare global {
  interface Window {
    Telegram?: { WebApp?: TelegramWebApp };
  }
}

const SDK_URL = 'https://telegram.org/js/telegram-web-app.js';
const SDK_TIMEOUT_MS = 4000;
/** sessionStorage: the launch parameters of this Mini App session, kept across reloads (the URL loses them). */
export const LAUNCH_KEY = 'wyn.tg_launch';
const INIT_DATA_KEY = 'wyn.tg_init_data';

/**
 * The Bot API version each capability arrived in (core.telegram.org/bots/webapps, "Recent changes").
 * A client older than that, or one without the method, does without it.
 */
export const SINCE = {
  mainButton: '6.0',
  backButton: '6.1',
  haptics: '6.1',
  links: '6.1',
  chromeColors: '6.1',
  closingConfirmation: '6.2',
  verticalSwipes: '7.7',
  secondaryButton: '7.10',
  bottomBarColor: '7.10',
  shareMessage: '8.0',
  writeAccess: '6.9',
  safeArea: '8.0',
} as const;
export type TelegramFeature = keyof typeof SINCE;

// ---------------------------------------------------------------------------------------------------------
// Launch parameters: what Telegram puts in the URL fragment (#tgWebAppData=…&tgWebAppVersion=…&
// tgWebAppThemeParams=…), known before its script has loaded. public/tg-boot.js reads the same before the
// first paint.

export interface LaunchParams {
  initData: string | null;
  version: string | null;
  platform: string | null;
  themeParams: TelegramThemeParams | null;
  startParam: string | null;
}

const EMPTY_LAUNCH: LaunchParams = {
  initData: null,
  version: null,
  platform: null,
  themeParams: null,
  startParam: null,
};

/** Parses launch parameters from a URL fragment or query (`#a=b&…` / `?a=b&…`); null without any. */
export function parseLaunchParams(raw: string): LaunchParams | null {
  const params = new URLSearchParams(raw.replace(/^[#?]/, ''));
  const initData = params.get('tgWebAppData');
  const version = params.get('tgWebAppVersion');
  const themeRaw = params.get('tgWebAppThemeParams');
  if (!initData && !version && !themeRaw) return null;
  let themeParams: TelegramThemeParams | null = null;
  if (themeRaw) {
    try {
      const parsed: unknown = JSON.parse(themeRaw);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) themeParams = parsed as TelegramThemeParams;
    } catch {
      /* malformed: no theme */
    }
  }
  return {
    initData: initData || null,
    version: version || null,
    platform: params.get('tgWebAppPlatform') || null,
    themeParams,
    startParam: params.get('tgWebAppStartParam') || null,
  };
}

function readLaunch(): LaunchParams {
  if (typeof window === 'undefined') return EMPTY_LAUNCH;
  const fromUrl = parseLaunchParams(window.location.hash) ?? parseLaunchParams(window.location.search);
  if (fromUrl) {
    session.setJson(LAUNCH_KEY, fromUrl);
    if (fromUrl.initData) session.set(INIT_DATA_KEY, fromUrl.initData);
    return fromUrl;
  }
  const stored = session.getJson<LaunchParams>(LAUNCH_KEY);
  if (stored && typeof stored === 'object') return { ...EMPTY_LAUNCH, ...stored };
  const initData = session.get(INIT_DATA_KEY);
  return initData ? { ...EMPTY_LAUNCH, initData } : EMPTY_LAUNCH;
}

let launch: LaunchParams | null = null;
/** The launch parameters, read once (the router may clear the fragment afterwards). */
export function launchParams(): LaunchParams {
  launch ??= readLaunch();
  return launch;
}

/** For unit tests: forget what was read from the URL, the loaded script and the applied state. */
export function resetTelegramForTests(): void {
  launch = null;
  loading = null;
}

// ---------------------------------------------------------------------------------------------------------
// The WebApp object.

function rawWebApp(): TelegramWebApp | null {
  if (typeof window === 'undefined') return null;
  return window.Telegram?.WebApp ?? null;
}

/** The WebApp object when running as a Mini App (it carries signed launch data), else null. */
export function miniApp(): TelegramWebApp | null {
  const app = rawWebApp();
  return app?.initData ? app : null;
}

/** True when the page was probably opened as a Telegram Mini App. */
export function isTelegramLikely(): boolean {
  return Boolean(launchParams().initData) || Boolean(rawWebApp());
}

/** The Mini App launch data (signed by Telegram), or null outside a Mini App. */
export function getInitData(): string | null {
  const fromSdk = rawWebApp()?.initData;
  return fromSdk ? fromSdk : launchParams().initData;
}

/** True inside a Mini App that carries launch data. */
export function isInsideMiniApp(): boolean {
  return Boolean(getInitData());
}

/** `a.b` ≥ `c.d`, numerically per part ("7.10" is after "7.7"). */
export function versionAtLeast(version: string | null | undefined, min: string): boolean {
  if (!version) return false;
  const a = version.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const b = min.split('.').map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x > y;
  }
  return true;
}

/** The client's version: the WebApp's, else the launch parameter's. */
export function clientVersion(): string | null {
  return rawWebApp()?.version ?? launchParams().version;
}

/** Whether the Mini App client supports a capability (false outside a Mini App). */
export function supports(feature: TelegramFeature): boolean {
  const app = miniApp();
  if (!app) return false;
  const min = SINCE[feature];
  try {
    if (typeof app.isVersionAtLeast === 'function') return app.isVersionAtLeast(min);
  } catch {
    /* fall back to the version string */
  }
  return versionAtLeast(app.version, min);
}

/**
 * Whether a capability will be there once Telegram's script has loaded, judged from the launch parameters
 * (used before first paint to hide in-page duplicates of Telegram's own buttons).
 */
export function expectsSupport(feature: TelegramFeature): boolean {
  if (miniApp()) return supports(feature);
  const p = launchParams();
  return Boolean(p.initData) && versionAtLeast(p.version, SINCE[feature]);
}

/** Runs `fn` against the WebApp when the capability is supported; swallows what an odd client throws. */
export function withWebApp<T>(feature: TelegramFeature | null, fn: (app: TelegramWebApp) => T): T | undefined {
  const app = miniApp();
  if (!app || (feature && !supports(feature))) return undefined;
  try {
    return fn(app);
  } catch {
    return undefined;
  }
}

let loading: Promise<TelegramWebApp | null> | null = null;

/** Loads Telegram's script when inside Telegram is likely; resolves with WebApp or null. Never rejects. */
export function loadTelegram(): Promise<TelegramWebApp | null> {
  const existing = rawWebApp();
  if (existing) return Promise.resolve(existing);
  if (!isTelegramLikely() || typeof document === 'undefined') return Promise.resolve(null);
  loading ??= new Promise<TelegramWebApp | null>((resolve) => {
    const script = document.createElement('script');
    script.src = SDK_URL;
    script.async = true;
    const done = () => {
      clearTimeout(timer);
      resolve(rawWebApp());
    };
    const timer = setTimeout(done, SDK_TIMEOUT_MS);
    script.addEventListener('load', done);
    script.addEventListener('error', done);
    document.head.appendChild(script);
  });
  return loading;
}

/** Subscribes to a WebApp event; returns the unsubscribe. A no-op outside a Mini App. */
export function onWebAppEvent(event: string, cb: () => void): () => void {
  const app = miniApp();
  if (!app?.onEvent) return () => {};
  try {
    app.onEvent(event, cb);
  } catch {
    return () => {};
  }
  return () => {
    try {
      app.offEvent?.(event, cb);
    } catch {
      /* ignore */
    }
  };
}

// ---------------------------------------------------------------------------------------------------------
// Theme.

/** True for a colour darker than mid-grey (Telegram's own rule for its colour scheme). */
export function isDarkColor(color: string | undefined): boolean | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color ?? '');
  if (!m?.[1]) return null;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  return Math.sqrt(0.299 * r * r + 0.587 * g * g + 0.114 * b * b) < 120;
}

export interface TelegramTheme {
  colorScheme: 'light' | 'dark';
  themeParams: TelegramThemeParams;
}

/** Telegram's theme: from the WebApp once loaded, else from the launch parameters; null outside a Mini App. */
export function getTelegramTheme(): TelegramTheme | null {
  const app = miniApp();
  if (app) return { colorScheme: app.colorScheme === 'dark' ? 'dark' : 'light', themeParams: app.themeParams ?? {} };
  const p = launchParams();
  if (!p.initData || !p.themeParams) return null;
  return { colorScheme: isDarkColor(p.themeParams.bg_color) ? 'dark' : 'light', themeParams: p.themeParams };
}

/** Colours Telegram's header, background and bottom bar to match the page. */
export function setTelegramChrome(background: string): void {
  withWebApp('chromeColors', (app) => {
    app.setHeaderColor?.(background);
    app.setBackgroundColor?.(background);
  });
  withWebApp('bottomBarColor', (app) => app.setBottomBarColor?.(background));
}

// ---------------------------------------------------------------------------------------------------------
// Deep links and sharing (used by lib/share*).

/** The Mini App's start parameter (`startapp=…` of a t.me link): the WebApp's, else the launch URL's. */
export function getStartParam(): string | null {
  const fromApp = miniApp()?.initDataUnsafe?.start_param;
  return fromApp || launchParams().startParam;
}
