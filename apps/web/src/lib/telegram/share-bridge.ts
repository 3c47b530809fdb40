/**
 * Sharing through Telegram (used by lib/share.ts, which only lazy screens load): the share sheet for a message
 * the server prepared, and t.me links opened in Telegram itself.
 */
import { withWebApp } from './webapp';

/**
 * Opens Telegram's share sheet for a message the server prepared (`savePreparedInlineMessage`, Bot API 8.0).
 * Resolves true when sent, false when the member closed the sheet, null where the client cannot share this way.
 */
export function shareTelegramMessage(preparedId: string): Promise<boolean | null> {
  return new Promise((resolve) => {
    const started = withWebApp('shareMessage', (app) => {
      if (!app.shareMessage) return false;
      app.shareMessage(preparedId, (sent) => resolve(Boolean(sent)));
      return true;
    });
    if (started !== true) resolve(null);
  });
}

/** Opens a t.me link inside Telegram (`openTelegramLink`); false outside a Mini App. */
export function openTelegramLinkInApp(url: string): boolean {
  return (
    withWebApp('links', (app) => {
      if (!app.openTelegramLink) return false;
      app.openTelegramLink(url);
      return true;
    }) === true
  );
}
