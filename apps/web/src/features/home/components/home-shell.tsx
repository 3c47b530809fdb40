import { useProductName } from '@/lib/queries/app-config';
import { useCurrentUser, userDisplayName } from '@/lib/session';
import { HomeHeader } from './home-header';
import { WelcomeCard } from './welcome-card';

/** Home's column (the page and its shell share it, so the shell's header and card sit where the page's do). */
export const HOME_COLUMN = 'mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 pb-6 md:gap-8 md:px-6';

/**
 * What Home shows while its chunk loads (the router's fallback for it; these modules are in the initial bundle):
 * its header and its welcome card with the greeting and tagline, exactly as the page draws them first. The
 * tagline is Home's largest text, so it is painted with the first paint (the LCP, docs/performance.md, Web), and
 * the page then replaces the shell without moving anything.
 */
export function HomeShell() {
  const productName = useProductName();
  const user = useCurrentUser();
  return (
    <div className={HOME_COLUMN} data-testid="home-shell">
      <HomeHeader productName={productName} />
      <WelcomeCard name={userDisplayName(user)} productName={productName} balance={undefined} balanceLoading />
    </div>
  );
}
