import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { HeaderActions } from '@/components/header-actions';
import { Logo } from '@/components/logo';
import { DESKTOP_QUERY, useMediaQuery } from '@/lib/use-media-query';

/**
 * Logo, search (opens Explore's search), messages and notifications on a phone; from 768 px the top
 * navigation carries messages and notifications, so the header only names the screen.
 */
export function HomeHeader({ productName }: { productName: string }) {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  return (
    <header
      className="-mb-2 flex h-16 items-center justify-between gap-3 md:-mb-4 md:h-14 md:pt-2"
      data-testid="home-header"
    >
      <Link
        to={paths.home}
        className="flex min-h-11 items-center rounded-lg md:hidden"
        aria-label={`${productName} home`}
      >
        <Logo name={productName} />
      </Link>
      <p className="hidden text-sm font-medium text-muted-foreground md:block">Home</p>
      {desktop ? null : <HeaderActions search />}
    </header>
  );
}
