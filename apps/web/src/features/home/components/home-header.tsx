import { LIMITS } from '@wyn/contract';
import { Link } from 'react-router';
import { href, paths } from '@/config/paths';
import { BellIcon, MessageIcon, SearchIcon } from '@/components/icons';
import { Logo } from '@/components/logo';
import { formatBadgeCount } from '@/lib/format';

const iconButton =
  'relative flex size-10 items-center justify-center rounded-full text-foreground transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring';

/** Logo, search (opens Explore's search), messages, and notifications with the unread badge (9+ above 9). */
export function HomeHeader({ productName, unreadCount }: { productName: string; unreadCount: number }) {
  const badge = unreadCount > 0 ? formatBadgeCount(unreadCount, LIMITS.notificationBadgeCap) : null;
  return (
    <header
      className="-mb-2 flex h-16 items-center justify-between gap-3 md:-mb-4 md:h-14 md:pt-2"
      data-testid="home-header"
    >
      <Link to={paths.home} className="rounded-lg md:hidden" aria-label={`${productName} home`}>
        <Logo name={productName} />
      </Link>
      <p className="hidden text-sm font-medium text-muted-foreground md:block">Home</p>
      <div className="flex items-center gap-0.5">
        <Link to={href.exploreSearch()} className={iconButton} aria-label="Search" data-testid="home-search">
          <SearchIcon className="size-[22px]" />
        </Link>
        <Link to={paths.messages} className={iconButton} aria-label="Messages">
          <MessageIcon className="size-[22px]" />
        </Link>
        <Link
          to={paths.notifications}
          className={iconButton}
          aria-label={unreadCount > 0 ? `Notifications, ${unreadCount} unread` : 'Notifications'}
        >
          <BellIcon className="size-[22px]" />
          {badge ? (
            <span
              data-testid="notification-badge"
              aria-hidden="true"
              className="absolute top-1 right-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-bold text-white ring-2 ring-background"
            >
              {badge}
            </span>
          ) : null}
        </Link>
      </div>
    </header>
  );
}
