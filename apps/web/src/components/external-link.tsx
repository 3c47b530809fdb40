import type { ComponentProps } from 'react';
import { openExternalLink } from '@/lib/telegram';

/**
 * A link out of the app. In a browser it opens a new tab; inside a Telegram Mini App a t.me link opens in
 * Telegram itself (`openTelegramLink`) and any other link in Telegram's in-app browser (`openLink`), never a
 * new tab of the webview (lib/telegram/links.ts).
 */
export function ExternalLink({ href, onClick, children, ...props }: ComponentProps<'a'> & { href: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        if (openExternalLink(href)) e.preventDefault();
      }}
      {...props}
    >
      {children}
    </a>
  );
}
