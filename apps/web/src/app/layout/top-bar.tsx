import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { HeaderActions } from '@/components/header-actions';
import { Logo } from '@/components/logo';
import { useProductName } from '@/lib/queries/app-config';

/**
 * A phone's top bar on the tab screens other than Home (which has its own header): the logo, Messages and
 * Notifications, so both are one tap away from every main screen (issue #14 item 18).
 */
export function TopBar() {
  const productName = useProductName();
  return (
    <div className="flex h-14 items-center justify-between px-4 md:hidden" data-testid="top-bar">
      <Link to={paths.home} className="flex min-h-11 items-center rounded-lg" aria-label={`${productName} home`}>
        <Logo name={productName} />
      </Link>
      <HeaderActions className="-mr-1.5" />
    </div>
  );
}
