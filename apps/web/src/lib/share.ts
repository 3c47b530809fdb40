/**
 * Sharing a quest, perk, profile or one's invitation (issue #14 item 9, #16 item 10), one function for every screen:
 * - inside Telegram (Bot API 8.0+), the server prepares a message card (`club/share/prepare/`) and Telegram's own
 *   share sheet sends it (`shareMessage`);
 * - inside an older Telegram, or when no card could be prepared, Telegram's share link
 *   (`t.me/share/url?url=<deep link>&text=…`) through `openTelegramLink`;
 * - outside Telegram, the system share sheet (`navigator.share`) with the screen's address, else the address is
 *   copied (the caller shows a toast).
 */
import { routes, type ShareTargetType } from '@wyn/contract';
import { href } from '@/config/paths';
import { api } from './api-client';
import { isInsideMiniApp, openTelegramLinkInApp, shareTelegramMessage, supports } from './telegram';

export const SHARE_MSG = {
  copied: 'Link copied to clipboard',
  copyFailed: 'Could not copy the link',
} as const;

/** shared: sent or handed to a share sheet; opened: Telegram's share link was opened; cancelled: closed unsent. */
export type ShareOutcome = 'shared' | 'opened' | 'copied' | 'cancelled' | 'failed';

export type ShareTarget =
  | {
      type: ShareTargetType;
      id: string;
      /** The item's name, for the system share sheet. */
      title: string;
    }
  | {
      /** The member's own invitation: its link and line come from `club/referrals/`. */
      type: 'invite';
      title: string;
      link: string;
      text: string;
    };

type ShareNavigator = Pick<Navigator, 'share' | 'clipboard'> | undefined;

/** What the share flow talks to; tests pass their own. */
export interface ShareDeps {
  insideTelegram: () => boolean;
  canShareMessage: () => boolean;
  prepare: typeof prepareShare;
  shareMessage: (preparedId: string) => Promise<boolean | null>;
  openTelegramLink: (url: string) => boolean;
  nav: ShareNavigator;
  origin: string;
}

/** POST club/share/prepare/: the deep link and text, and a prepared message when asked for and possible. */
export function prepareShare(target: ShareTarget, prepareMessage: boolean) {
  const body =
    target.type === 'invite'
      ? { target_type: target.type, prepare_message: prepareMessage }
      : { target_type: target.type, target_id: target.id, prepare_message: prepareMessage };
  return api.call(routes.sharePrepare, { body }, { toast: false });
}

const PATHS: Record<ShareTargetType, (id: string) => string> = {
  quest: href.quest,
  perk: href.perk,
  profile: href.profile,
};

/** The screen's web address (an invitation's own link). */
export function webLink(target: ShareTarget, origin: string): string {
  if (target.type === 'invite') return target.link;
  return new URL(PATHS[target.type](target.id), origin).href;
}

/** Telegram's "share a link" address: it opens the chat picker with the link and text filled in. */
export function telegramShareUrl(link: string, text: string): string {
  return `https://t.me/share/url?${new URLSearchParams({ url: link, text }).toString()}`;
}

/**
 * Shares a link with the system share sheet when the browser has one, else copies it to the clipboard.
 * Closing the share sheet is "cancelled", not an error.
 */
export async function shareLink(data: { title: string; url: string; text?: string }, nav: ShareNavigator) {
  if (typeof nav?.share === 'function') {
    try {
      await nav.share({ title: data.title, url: data.url, ...(data.text ? { text: data.text } : {}) });
      return 'shared' as const;
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return 'cancelled' as const;
      // Some webviews expose share() but refuse it; the clipboard may still work.
    }
  }
  try {
    if (!nav?.clipboard?.writeText) return 'failed' as const;
    await nav.clipboard.writeText(data.url);
    return 'copied' as const;
  } catch {
    return 'failed' as const;
  }
}

function defaultDeps(): ShareDeps {
  return {
    insideTelegram: isInsideMiniApp,
    canShareMessage: () => supports('shareMessage'),
    prepare: prepareShare,
    shareMessage: shareTelegramMessage,
    openTelegramLink: openTelegramLinkInApp,
    nav: typeof navigator === 'undefined' ? undefined : navigator,
    origin: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  };
}

/** Shares a quest, perk, profile or the member's invitation the best way the place the app runs in allows. */
export async function shareItem(target: ShareTarget, deps: Partial<ShareDeps> = {}): Promise<ShareOutcome> {
  const d = { ...defaultDeps(), ...deps };
  const web = webLink(target, d.origin);
  const ownText = target.type === 'invite' ? target.text : undefined;
  // Outside Telegram the share sheet must open within the tap (no request first), with the web address.
  if (!d.insideTelegram()) return shareLink({ title: target.title, url: web, text: ownText }, d.nav);

  const canShareMessage = d.canShareMessage();
  let link = web;
  let text = ownText ?? target.title;
  try {
    const prepared = await d.prepare(target, canShareMessage);
    link = prepared.link;
    text = prepared.text;
    if (canShareMessage && prepared.prepared_message_id) {
      const sent = await d.shareMessage(prepared.prepared_message_id);
      if (sent !== null) return sent ? 'shared' : 'cancelled';
    }
  } catch {
    // No card and no deep link: Telegram's share link still takes the screen's web address.
  }
  if (d.openTelegramLink(telegramShareUrl(link, text))) return 'opened';
  return shareLink({ title: target.title, url: link, text }, d.nav);
}
