/**
 * The Telegram Mini App layer (decision 0011). `webapp.ts` is the only module that touches
 * `window.Telegram.WebApp`; everything else goes through the helpers and hooks exported here.
 */
export {
  clientVersion,
  getInitData,
  getStartParam,
  getTelegramTheme,
  isInsideMiniApp,
  isTelegramLikely,
  launchParams,
  loadTelegram,
  setTelegramChrome,
  supports,
  type TelegramFeature,
  type TelegramTheme,
  type TelegramThemeParams,
} from './webapp';
export { initTelegram, onTelegramThemeChange } from './shell';
export { openTelegramLinkInApp, shareTelegramMessage } from './share-bridge';
export { BUTTON_PRIORITY, hasNativeButton, type BottomButtonSpec } from './buttons';
export { useMainButton, useSecondaryButton } from './use-bottom-button';
export { useBackButton } from './use-back-button';
export { useClosingConfirmation } from './use-closing-confirmation';
export { haptic } from './haptics';
export { askForBotMessagesOnce } from './write-access';
export { isTelegramLink, openExternalLink } from './links';
