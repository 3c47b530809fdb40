import { withWebApp } from './webapp';

const TELEGRAM_HOSTS = new Set(['t.me', 'telegram.me', 'www.t.me', 'www.telegram.me']);

/** True for an http(s) link into Telegram itself (t.me / telegram.me). */
export function isTelegramLink(url: string): boolean {
  try {
    const u = new URL(url);
    return (u.protocol === 'https:' || u.protocol === 'http:') && TELEGRAM_HOSTS.has(u.hostname.toLowerCase());
  } catch {
    return false;
  }
}

/**
 * Opens an outside link the Mini App way: a t.me link through `openTelegramLink` (Telegram opens the chat,
 * channel or bot in place), any other http(s) link through `openLink` (Telegram's in-app browser), never a
 * new tab of the webview. Returns false outside a Mini App (or on a client without links), where the caller
 * lets the browser follow the link as usual.
 */
export function openExternalLink(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url, window.location.href);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  const href = parsed.href;
  const done = withWebApp('links', (app) => {
    if (isTelegramLink(href) && app.openTelegramLink) {
      // Telegram expects https for its own links.
      app.openTelegramLink(href.replace(/^http:/, 'https:'));
      return true;
    }
    if (!app.openLink) return false;
    app.openLink(href);
    return true;
  });
  return done === true;
}
