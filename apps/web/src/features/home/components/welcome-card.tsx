import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ChevronRightIcon, CoinIcon } from '@/components/icons-shell';
import { formatPoints } from '@/lib/format';

/** The card's two soft circles. */
function Decoration() {
  return (
    <>
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-16 -right-12 size-56 rounded-full bg-white/10"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute bottom-0 left-1/3 h-24 w-56 rounded-full bg-fuchsia-400/20 blur-2xl"
      />
    </>
  );
}

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
  // The greeting and the tagline are shown at once (the name comes with the session): they are the page's
  // largest text, its LCP, and must not wait for `wallets/my_wallet/` (docs/performance.md, Web). Until the
  // balance is known its tile shows a placeholder in the balance's own line and type, painted as a bar, so the
  // card keeps its size and its elements when the balance arrives (no layout shift).
  const greeting = name ? (
    <>
      <span className="block text-base font-medium text-white/85 sm:text-lg">Welcome back</span>{' '}
      <span className="block truncate">{name}</span>
    </>
  ) : (
    <>Welcome to {productName}</>
  );
  const tile = 'flex items-center gap-3 rounded-2xl bg-white/15 px-4 py-3 ring-1 ring-white/20 sm:min-w-56';
  return (
    <section
      aria-labelledby="welcome-title"
      aria-busy={balanceLoading || undefined}
      data-testid={balanceLoading ? 'welcome-loading' : undefined}
      className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-[#5b3df5] via-[#4c30e6] to-[#3d22c4] p-5 text-white shadow-lg shadow-primary/20 sm:p-7"
    >
      <Decoration />
      <div className="relative flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1
            id="welcome-title"
            data-testid={balanceLoading ? undefined : 'welcome-title'}
            className="text-2xl leading-tight font-bold tracking-tight sm:text-3xl"
          >
            {greeting}
          </h1>
          <p className="mt-2 max-w-md text-sm text-white/85">
            Complete quests, earn W and unlock perks from your community.
          </p>
        </div>
        {balanceLoading ? (
          <div className={tile} aria-label="Loading your balance" role="status">
            <span className="size-9 shrink-0 rounded-full bg-white/20" />
            <span className="flex min-w-0 flex-1 flex-col" aria-hidden="true">
              <span className="text-xs font-medium text-white/85">Your balance</span>
              <span className="text-xl font-bold">
                <span className="animate-shimmer rounded-md bg-white/20 text-transparent">000.00 W</span>
              </span>
            </span>
            <span className="size-5" />
          </div>
        ) : (
          <Link
            to={paths.wallet}
            data-testid="balance-tile"
            className={`group ${tile} backdrop-blur transition hover:bg-white/20`}
          >
            <CoinIcon className="size-9 shrink-0 drop-shadow" />
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="text-xs font-medium text-white/85">Your balance</span>
              <span className="text-xl font-bold tabular-nums" data-testid="balance-amount">
                {balance == null ? '—' : formatPoints(balance)}
              </span>
            </span>
            <ChevronRightIcon className="size-5 text-white/70 transition group-hover:translate-x-0.5" />
          </Link>
        )}
      </div>
    </section>
  );
}
