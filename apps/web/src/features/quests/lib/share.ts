export const SHARE_MSG = {
  copied: 'Link copied to clipboard',
  copyFailed: 'Could not copy the link',
} as const;

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

type ShareNavigator = Pick<Navigator, 'share' | 'clipboard'> | undefined;

/**
 * Shares a link with the system share sheet when the browser has one, else copies it to the clipboard.
 * Closing the share sheet is "cancelled", not an error.
 */
export async function shareLink(
  data: { title: string; url: string },
  nav: ShareNavigator = typeof navigator === 'undefined' ? undefined : navigator,
): Promise<ShareOutcome> {
  if (typeof nav?.share === 'function') {
    try {
      await nav.share({ title: data.title, url: data.url });
      return 'shared';
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return 'cancelled';
      // Some webviews expose share() but refuse it; the clipboard may still work.
    }
  }
  try {
    if (!nav?.clipboard?.writeText) return 'failed';
    await nav.clipboard.writeText(data.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
