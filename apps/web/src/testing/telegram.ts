import type { TelegramWebApp } from '@/lib/telegram/webapp';

/** A call the app made on the fake WebApp: `MainButton.setParams`, `HapticFeedback.notificationOccurred`, … */
export type FakeCall = [method: string, ...args: unknown[]];

export interface FakeTelegram {
  app: TelegramWebApp;
  calls: FakeCall[];
  /** The calls of one method, their arguments. */
  callsOf: (method: string) => unknown[][];
  /** Presses Telegram's button as a member would (only a shown one answers). */
  press: (name: 'BackButton' | 'MainButton' | 'SecondaryButton') => void;
  emit: (event: string) => void;
  state: () => {
    back: boolean;
    main: { text: string; visible: boolean; active: boolean; progress: boolean };
    secondary: { text: string; visible: boolean; active: boolean; progress: boolean };
    closingConfirmation: boolean;
  };
  uninstall: () => void;
}

/**
 * Installs a recording fake of `window.Telegram.WebApp` for unit tests (the browser suite has its own,
 * e2e/fixtures/telegram-webapp.ts). `version` decides what `isVersionAtLeast` admits.
 */
export function installFakeTelegram(
  opts: {
    version?: string;
    initData?: string;
    themeParams?: Record<string, string>;
    colorScheme?: 'light' | 'dark';
    /** What the member answers to requestWriteAccess (default: granted). */
    grantWriteAccess?: boolean;
  } = {},
): FakeTelegram {
  const calls: FakeCall[] = [];
  const handlers = new Map<string, Set<(...a: unknown[]) => void>>();
  const on = (e: string, cb: (...a: unknown[]) => void) => {
    if (!handlers.has(e)) handlers.set(e, new Set());
    handlers.get(e)!.add(cb);
  };
  const off = (e: string, cb: (...a: unknown[]) => void) => handlers.get(e)?.delete(cb);
  const emit = (e: string) => handlers.get(e)?.forEach((h) => h());
  const rec =
    (method: string, effect?: (...args: never[]) => void) =>
    (...args: unknown[]) => {
      calls.push([method, ...args]);
      (effect as ((...a: unknown[]) => void) | undefined)?.(...args);
    };
  const version = opts.version ?? '8.0';
  const atLeast = (min: string) => {
    const a = version.split('.').map(Number);
    const b = min.split('.').map(Number);
    for (let i = 0; i < Math.max(a.length, b.length); i++)
      if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
    return true;
  };
  const button = (name: string, event: string) => {
    const s = { text: '', visible: false, active: true, progress: false };
    return {
      s,
      api: {
        setParams: rec(`${name}.setParams`, (p: { text?: string; is_visible?: boolean; is_active?: boolean }) => {
          if (p.text !== undefined) s.text = p.text;
          if (p.is_visible !== undefined) s.visible = p.is_visible;
          if (p.is_active !== undefined) s.active = p.is_active;
        }),
        show: rec(`${name}.show`, () => (s.visible = true)),
        hide: rec(`${name}.hide`, () => (s.visible = false)),
        showProgress: rec(`${name}.showProgress`, () => (s.progress = true)),
        hideProgress: rec(`${name}.hideProgress`, () => (s.progress = false)),
        onClick: rec(`${name}.onClick`, (cb: () => void) => on(event, cb)),
        offClick: rec(`${name}.offClick`, (cb: () => void) => off(event, cb)),
      },
    };
  };
  const main = button('MainButton', 'mainButtonClicked');
  const secondary = button('SecondaryButton', 'secondaryButtonClicked');
  const back = { visible: false };
  let closing = false;
  const app: TelegramWebApp = {
    initData: opts.initData ?? 'query_id=x&user=%7B%22id%22%3A1%7D&auth_date=1&hash=abc',
    version,
    platform: 'android',
    colorScheme: opts.colorScheme ?? 'light',
    themeParams: opts.themeParams ?? { bg_color: '#ffffff', button_color: '#3390ec', button_text_color: '#ffffff' },
    viewportHeight: 700,
    viewportStableHeight: 690,
    safeAreaInset: { top: 10, bottom: 20, left: 0, right: 0 },
    contentSafeAreaInset: { top: 30, bottom: 0, left: 0, right: 0 },
    isVersionAtLeast: (v: string) => atLeast(v),
    ready: rec('ready'),
    expand: rec('expand'),
    onEvent: rec('onEvent', (e: string, cb: () => void) => on(e, cb)) as TelegramWebApp['onEvent'],
    offEvent: rec('offEvent', (e: string, cb: () => void) => off(e, cb)) as TelegramWebApp['offEvent'],
    setHeaderColor: rec('setHeaderColor'),
    setBackgroundColor: rec('setBackgroundColor'),
    setBottomBarColor: rec('setBottomBarColor'),
    openLink: rec('openLink'),
    openTelegramLink: rec('openTelegramLink'),
    shareMessage: rec('shareMessage'),
    requestWriteAccess: rec('requestWriteAccess', (cb?: (granted: boolean) => void) =>
      cb?.(opts.grantWriteAccess ?? true),
    ),
    enableClosingConfirmation: rec('enableClosingConfirmation', () => (closing = true)),
    disableClosingConfirmation: rec('disableClosingConfirmation', () => (closing = false)),
    disableVerticalSwipes: rec('disableVerticalSwipes'),
    enableVerticalSwipes: rec('enableVerticalSwipes'),
    BackButton: {
      show: rec('BackButton.show', () => (back.visible = true)),
      hide: rec('BackButton.hide', () => (back.visible = false)),
      onClick: rec('BackButton.onClick', (cb: () => void) => on('backButtonClicked', cb)),
      offClick: rec('BackButton.offClick', (cb: () => void) => off('backButtonClicked', cb)),
    },
    MainButton: main.api,
    SecondaryButton: secondary.api,
    HapticFeedback: {
      impactOccurred: rec('HapticFeedback.impactOccurred'),
      notificationOccurred: rec('HapticFeedback.notificationOccurred'),
      selectionChanged: rec('HapticFeedback.selectionChanged'),
    },
  };
  window.Telegram = { WebApp: app };
  return {
    app,
    calls,
    callsOf: (method) => calls.filter((c) => c[0] === method).map(([, ...args]) => args),
    press: (name) => {
      if (name === 'BackButton') {
        if (back.visible) emit('backButtonClicked');
      } else {
        const b = name === 'MainButton' ? main.s : secondary.s;
        if (b.visible && b.active) emit(name === 'MainButton' ? 'mainButtonClicked' : 'secondaryButtonClicked');
      }
    },
    emit,
    state: () => ({
      back: back.visible,
      main: { ...main.s },
      secondary: { ...secondary.s },
      closingConfirmation: closing,
    }),
    uninstall: () => {
      delete window.Telegram;
    },
  };
}
