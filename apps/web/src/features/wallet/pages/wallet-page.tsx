import { useState, type FormEvent } from 'react';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  CoinIcon,
  CompassIcon,
  PlusIcon,
  SearchIcon,
  SendIcon,
} from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatPoints } from '@/lib/format';
import { useProductName } from '@/lib/queries/app-config';
import { useMyWallet } from '@/lib/queries/my-wallet';
import { haptic } from '@/lib/telegram';
import { notify } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useTransactions } from '../api/get-transactions';
import { SendDialog } from '../components/send-dialog';
import { TransactionRow } from '../components/transaction-row';
import {
  FILTERS,
  initialHistory,
  PAGE_SIZES,
  SORTS,
  toQueryParams,
  totalPages,
  updateHistory,
  type Filter,
  type HistoryState,
  type Sort,
} from '../lib/transaction-filters';

export const WALLET_PAGE_MSG = {
  walletFailed: 'Failed to load wallet data. Please try again later.',
  txFailedTitle: 'Failed to load transactions',
  txFailed: 'Please try refreshing the page or try again later.',
  empty: 'No transactions found',
  comingSoon: 'Coming soon!',
  comingSoonDescription: 'This feature will be available soon.',
} as const;

export default function WalletPage() {
  useDocumentTitle('Wallet');
  const productName = useProductName();
  const wallet = useMyWallet();
  const [sendOpen, setSendOpen] = useState(false);
  const walletId = wallet.data?.id;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 pt-4 pb-8 md:px-6">
      <h1 className="text-2xl font-bold tracking-tight">Wallet</h1>

      <section
        aria-labelledby="balance-heading"
        className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-[#5b3df5] via-[#4c30e6] to-[#3d22c4] p-5 text-white shadow-lg"
      >
        <p id="balance-heading" className="text-sm font-medium text-white/85">
          Available Balance
        </p>
        {wallet.data ? (
          <p className="mt-1 flex items-center gap-2 text-4xl font-bold tabular-nums" data-testid="wallet-balance">
            <CoinIcon className="size-8" />
            {formatPoints(wallet.data.balance)}
          </p>
        ) : wallet.isError ? (
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <p role="alert" className="text-sm font-medium">
              {WALLET_PAGE_MSG.walletFailed}
            </p>
            <Button size="sm" variant="secondary" onClick={() => void wallet.refetch()}>
              Try Again
            </Button>
          </div>
        ) : (
          <Skeleton className="mt-2 h-10 w-40 bg-white/20" />
        )}
        <p className="mt-1 text-xs text-white/85">in {productName} Points</p>
        <div className="mt-5 grid grid-cols-2 gap-2">
          <Button
            variant="secondary"
            onClick={() =>
              notify.info(WALLET_PAGE_MSG.comingSoon, { description: WALLET_PAGE_MSG.comingSoonDescription })
            }
          >
            <PlusIcon className="size-4" /> Add Funds
          </Button>
          <Button variant="secondary" onClick={() => setSendOpen(true)} disabled={!walletId}>
            <SendIcon className="size-4" /> Send
          </Button>
        </div>
      </section>

      {walletId ? <TransactionHistory walletId={walletId} /> : null}

      <SendDialog open={sendOpen} onOpenChange={setSendOpen} walletId={walletId} balance={wallet.data?.balance} />
    </div>
  );
}

function TransactionHistory({ walletId }: { walletId: string }) {
  const [state, setState] = useState<HistoryState>(initialHistory);
  const [searchText, setSearchText] = useState('');
  const params = toQueryParams(state);
  const tx = useTransactions(walletId, params);
  const update = (patch: Partial<HistoryState>) => setState((s) => updateHistory(s, patch));
  const pages = totalPages(tx.data?.count ?? 0, state.pageSize);

  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    update({ search: searchText });
  };

  return (
    <section aria-labelledby="history-heading" className="flex flex-col gap-4">
      <h2 id="history-heading" className="text-lg font-semibold">
        Transaction History
      </h2>

      <form role="search" onSubmit={submitSearch} className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            type="search"
            aria-label="Search transactions"
            placeholder="Search transactions"
            className="pl-9"
            value={searchText}
            onChange={(e) => {
              setSearchText(e.target.value);
              if (!e.target.value) update({ search: '' });
            }}
          />
        </div>
        <Button type="submit" variant="outline">
          Search
        </Button>
      </form>

      <div className="grid grid-cols-2 gap-2">
        <div className="flex flex-col gap-1">
          <Label htmlFor="tx-sort" className="text-xs text-muted-foreground">
            Sort by
          </Label>
          <Select id="tx-sort" value={state.sort} onChange={(e) => update({ sort: e.target.value as Sort })}>
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="tx-page-size" className="text-xs text-muted-foreground">
            Results per page
          </Label>
          <Select
            id="tx-page-size"
            value={state.pageSize}
            onChange={(e) => update({ pageSize: Number(e.target.value) })}
          >
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
        </div>
      </div>

      <div
        role="group"
        aria-label="Filter transactions"
        className="-mx-4 flex gap-2 overflow-x-auto px-4 py-1.5 [scrollbar-width:none] md:mx-0 md:flex-wrap md:px-0"
      >
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            aria-pressed={state.filter === f.value}
            onClick={() => {
              if (state.filter !== f.value) haptic.selection();
              update({ filter: f.value as Filter });
            }}
            className={cn(
              'relative touch-target shrink-0 rounded-full border px-3.5 py-1.5 text-sm font-medium whitespace-nowrap transition-colors',
              state.filter === f.value
                ? 'border-primary bg-primary text-primary-foreground'
                : 'border-border bg-card text-foreground hover:bg-muted',
            )}
          >
            {f.label}
          </button>
        ))}
      </div>

      {tx.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true" aria-label="Loading transactions">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-16 w-full rounded-2xl" />
          ))}
        </div>
      ) : tx.isError ? (
        <ErrorState
          title={WALLET_PAGE_MSG.txFailedTitle}
          description={WALLET_PAGE_MSG.txFailed}
          actionLabel="Try Again"
          onAction={() => void tx.refetch()}
          className="rounded-2xl border border-border bg-card"
        />
      ) : tx.data.results.length === 0 ? (
        <EmptyState
          icon={<CompassIcon className="size-6" />}
          title={WALLET_PAGE_MSG.empty}
          actionLabel="Explore Opportunities"
          actionHref={paths.explore}
        />
      ) : (
        <>
          <ul
            className={cn(
              'divide-y divide-border overflow-hidden rounded-2xl border border-border bg-card transition-opacity',
              tx.isPlaceholderData && 'opacity-60',
            )}
            aria-label="Transactions"
          >
            {tx.data.results.map((t) => (
              <TransactionRow key={t.id} tx={t} />
            ))}
          </ul>
          <nav className="flex items-center justify-between gap-2" aria-label="Pagination">
            <Button
              variant="outline"
              size="sm"
              disabled={state.page <= 1 || tx.isFetching}
              onClick={() => update({ page: state.page - 1 })}
            >
              <ChevronLeftIcon className="size-4" /> Previous
            </Button>
            <span className="text-sm text-muted-foreground" aria-live="polite">
              Page {state.page} of {pages}
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={state.page >= pages || tx.isFetching}
              onClick={() => update({ page: state.page + 1 })}
            >
              Next <ChevronRightIcon className="size-4" />
            </Button>
          </nav>
        </>
      )}
    </section>
  );
}
