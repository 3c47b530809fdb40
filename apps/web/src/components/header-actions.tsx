import { LIMITS } from '@wyn/contract';
import { Link } from 'react-router';
import { href, paths } from '@/config/paths';
import { BellIcon, MessageIcon, SearchIcon } from '@/components/icons-shell';
import { pressable, touchTarget } from '@/components/ui/touch';
import { cn } from '@/lib/cn';
import { formatBadgeCount } from '@/lib/format';
import { useUnreadNotificationCount } from '@/lib/queries/notification-summary';

// Merged on first render, not when the module loads: the first cn() compiles its class tables' patterns, a third of
// the entry's evaluation, which Lighthouse counts as blocking on Home (docs/performance.md, Web).
let iconButtonClass: string | undefined;
const iconButton = () =>
  (iconButtonClass ??= cn(
    'flex size-11 items-center justify-center rounded-full text-foreground hover:bg-muted active:bg-border',
    'focus-visible:outline-2 focus-visible:outline-ring',
    pressable,
    touchTarget,
  ));

/**
 * Messages and Notifications (with the unread badge, 9+ above 9), and optionally Search: on every main
 * screen (issue #14 item 18) — Home's header, the phone's top bar on the other tabs, the desktop navigation.
 */
export function HeaderActions({ search = false, className }: { search?: boolean; className?: string }) {
  const unreadCount = useUnreadNotificationCount();
  const badge = unreadCount > 0 ? formatBadgeCount(unreadCount, LIMITS.notificationBadgeCap) : null;
  return (
    <div className={cn('flex items-center gap-0.5', className)} data-testid="header-actions">
      {search ? (
        <Link to={href.exploreSearch()} className={iconButton()} aria-label="Search" data-testid="home-search">
          <SearchIcon className="size-[22px]" />
        </Link>
      ) : null}
      <Link to={paths.messages} className={iconButton()} aria-label="Messages">
        <MessageIcon className="size-[22px]" />
      </Link>
      <Link
        to={paths.notifications}
        className={iconButton()}
        aria-label={unreadCount > 0 ? `Notifications, ${unreadCount} unread` : 'Notifications'}
      >
        <BellIcon className="size-[22px]" />
        {badge ? (
          <span
            data-testid="notification-badge"
            aria-hidden="true"
            className="absolute top-1 right-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-bold text-destructive-foreground ring-2 ring-background"
          >
            {badge}
          </span>
        ) : null}
      </Link>
    </div>
  );
}
