import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ChevronRightIcon, CoinIcon } from '@/components/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { formatPoints } from '@/lib/format';

/** 'Welcome back' + name (or 'Welcome to {product}'), a tagline and the balance tile linking to /wallet. */
export function WelcomeCard({
  name,
  productName,
  balance,
  balanceLoading,
}: {
  name: string | null;
  productName: string;
  balance: string | null | undefined;
  balanceLoading: boolean;
}) {
  // Until the balance is known the card shows placeholders, so the greeting and the balance appear together.
  if (balanceLoading) {
    return (
      <section
        aria-busy="true"
        aria-label="Loading your balance"
        data-testid="welcome-loading"
        className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-[#6d4dff] via-[#5b3df5] to-[#3d22c4] p-5 shadow-lg shadow-primary/20 sm:p-7"
      >
        <div className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
          <div className="flex flex-col gap-2.5">
            <Skeleton className="h-4 w-28 bg-white/20" />
            <Skeleton className="h-8 w-44 bg-white/25" />
            <Skeleton className="h-4 w-64 max-w-full bg-white/15" />
          </div>
          <Skeleton className="h-[66px] w-full rounded-2xl bg-white/15 sm:w-56" />
        </div>
      </section>
    );
  }
  const shownBalance = balance == null ? '—' : formatPoints(balance);
  return (
    <section
      aria-labelledby="welcome-title"
      className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-[#6d4dff] via-[#5b3df5] to-[#3d22c4] p-5 text-white shadow-lg shadow-primary/20 sm:p-7"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-16 -right-12 size-56 rounded-full bg-white/10"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-24 left-1/3 size-56 rounded-full bg-fuchsia-400/20 blur-2xl"
      />
      <div className="relative flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1
            id="welcome-title"
            data-testid="welcome-title"
            className="text-2xl leading-tight font-bold tracking-tight sm:text-3xl"
          >
            {name ? (
              <>
                <span className="block text-base font-medium text-white/75 sm:text-lg">Welcome back</span>{' '}
                <span className="block truncate">{name}</span>
              </>
            ) : (
              <>Welcome to {productName}</>
            )}
          </h1>
          <p className="mt-2 max-w-md text-sm text-white/80">
            Complete quests, earn W and unlock perks from your community.
          </p>
        </div>
        <Link
          to={paths.wallet}
          data-testid="balance-tile"
          aria-label={`Your balance: ${shownBalance}`}
          className="group flex items-center gap-3 rounded-2xl bg-white/15 px-4 py-3 ring-1 ring-white/20 backdrop-blur transition hover:bg-white/20 sm:min-w-56"
        >
          <CoinIcon className="size-9 shrink-0 drop-shadow" />
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="text-xs font-medium text-white/75">Your balance</span>
            <span className="text-xl font-bold tabular-nums" data-testid="balance-amount">
              {shownBalance}
            </span>
          </span>
          <ChevronRightIcon className="size-5 text-white/70 transition group-hover:translate-x-0.5" />
        </Link>
      </div>
    </section>
  );
}
