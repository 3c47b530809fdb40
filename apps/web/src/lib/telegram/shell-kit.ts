import type { BackButtonSpec, BottomButtonSpec, ButtonApplier, Registry } from './buttons';
import type { TelegramFeature, TelegramTheme, TelegramWebApp } from './webapp';

/**
 * What the lazily loaded shell (shell-start.ts, buttons-apply.ts) uses from the entry's modules, handed over
 * when it is loaded (shell.ts). Importing them instead would make the bundler split them out of the entry
 * into chunks of their own, each a request and a gzip stream more for every visitor.
 */
export interface ShellKit {
  loadTelegram: () => Promise<TelegramWebApp | null>;
  miniApp: () => TelegramWebApp | null;
  supports: (feature: TelegramFeature) => boolean;
  expectsSupport: (feature: TelegramFeature) => boolean;
  withWebApp: <T>(feature: TelegramFeature | null, fn: (app: TelegramWebApp) => T) => T | undefined;
  onWebAppEvent: (event: string, cb: () => void) => () => void;
  getTelegramTheme: () => TelegramTheme | null;
  backButtons: Registry<BackButtonSpec>;
  mainButtons: Registry<BottomButtonSpec>;
  secondaryButtons: Registry<BottomButtonSpec>;
  setButtonApplier: (applier: ButtonApplier | null) => void;
  refreshTelegramButtons: () => void;
  notifyTelegramTheme: () => void;
}
