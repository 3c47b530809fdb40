import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { Avatar } from '@/components/avatar';
import { HeaderActions } from '@/components/header-actions';
import { CompassIcon, HomeIcon, PlusIcon, WalletIcon, type IconProps } from '@/components/icons-shell';
import { Logo } from '@/components/logo';
import { useMyProfile } from '@/lib/queries/my-profile';
import { useProductName } from '@/lib/queries/app-config';
import { useCurrentUser, userDisplayName } from '@/lib/session';
import { DESKTOP_QUERY, useMediaQuery } from '@/lib/use-media-query';
import type { JSX } from 'react';

interface NavItem {
  to: string;
  label: string;
  icon?: (p: IconProps) => JSX.Element;
  isActive: (pathname: string, ownId: string | null) => boolean;
}

const ITEMS: NavItem[] = [
  { to: paths.home, label: 'Home', icon: HomeIcon, isActive: (p) => p === '/' || p === paths.home },
  { to: paths.explore, label: 'Explore', icon: CompassIcon, isActive: (p) => p.startsWith(paths.explore) },
  { to: paths.create, label: 'Create', icon: PlusIcon, isActive: (p) => p.startsWith(paths.create) },
  { to: paths.wallet, label: 'Wallet', icon: WalletIcon, isActive: (p) => p.startsWith(paths.wallet) },
  {
    to: paths.profile,
    label: 'Profile',
    isActive: (p, ownId) => p === paths.profile || (ownId !== null && p === `${paths.profile}/${ownId}`),
  },
];

/** Five entries: a bottom bar below 768 px, a top bar from 768 px. The active entry is highlighted. */
export function MainNav() {
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const { data: profile } = useMyProfile();
  const productName = useProductName();
  const ownId = user?.id ?? null;
  const name = userDisplayName(user) ?? profile?.display_name ?? 'You';
  const avatarSrc = profile?.avatar || profile?.telegram_photo_url || user?.telegram_photo_url || null;
  const desktop = useMediaQuery(DESKTOP_QUERY);

  return (
    <nav
      aria-label="Main"
      data-testid="main-nav"
      className={cn(
        'fixed inset-x-0 bottom-0 z-40 border-t border-border bg-card/92 pb-safe backdrop-blur-xl',
        'md:sticky md:top-0 md:bottom-auto md:border-t-0 md:border-b md:pb-0',
      )}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center md:gap-8 md:px-6">
        <Link to={paths.home} className="mr-auto hidden rounded-lg md:inline-flex" aria-label={`${productName} home`}>
          <Logo name={productName} />
        </Link>
        <ul className="grid w-full grid-cols-5 items-center md:flex md:w-auto md:gap-1">
          {ITEMS.map((item) => {
            const active = item.isActive(pathname, ownId);
            const isCreate = item.to === paths.create;
            const Icon = item.icon;
            return (
              <li key={item.to} className="flex justify-center">
                <Link
                  to={item.to}
                  aria-current={active ? 'page' : undefined}
                  data-active={active || undefined}
                  className={cn(
                    'group flex min-h-11 min-w-11 flex-col items-center gap-1 rounded-xl px-2 py-1.5 text-[11px] font-medium transition-colors',
                    'md:flex-row md:gap-2 md:px-3.5 md:py-2 md:text-sm',
                    // Only the screen shown is highlighted: Create too (issue #14 item 18).
                    active
                      ? 'text-primary md:bg-primary-soft dark:md:text-foreground'
                      : 'text-muted-foreground hover:text-foreground active:text-foreground md:hover:bg-muted md:active:bg-border',
                  )}
                >
                  {isCreate ? (
                    <span
                      className={cn(
                        '-mt-5 flex size-12 items-center justify-center rounded-2xl shadow-lg ring-4 ring-background transition-transform group-active:scale-95',
                        active
                          ? 'bg-primary text-primary-foreground shadow-primary/35'
                          : 'border border-border bg-card text-foreground shadow-black/10',
                        'md:mt-0 md:size-auto md:rounded-none md:border-0 md:bg-transparent md:text-current md:shadow-none md:ring-0',
                      )}
                    >
                      <PlusIcon className="size-6 md:size-5" strokeWidth={2.4} />
                    </span>
                  ) : Icon ? (
                    <Icon className="size-6 md:size-5" strokeWidth={active ? 2.3 : 1.9} />
                  ) : (
                    <Avatar
                      src={avatarSrc}
                      name={name}
                      className={cn(
                        'size-6 text-[11px] ring-2 md:size-6',
                        active ? 'ring-primary' : 'ring-transparent',
                      )}
                    />
                  )}
                  <span className={cn(active && 'font-semibold')}>{item.label}</span>
                </Link>
              </li>
            );
          })}
        </ul>
        {desktop ? <HeaderActions className="-mr-2" /> : null}
      </div>
    </nav>
  );
}
