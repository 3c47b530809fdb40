import type { WalletTransaction } from '@wyn/contract';
import { Link } from 'react-router';
import { Avatar } from '@/components/avatar';
import { Badge } from '@/components/ui/badge';
import { href } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatPoints, formatRelativeTime } from '@/lib/format';
import { counterpart, TRANSACTION_TYPE_LABELS } from '../lib/transaction-filters';

function hasFee(fee: string): boolean {
  return Number(fee) > 0;
}

/** One history row: type, what it was for, the other party, time and the signed amount. */
export function TransactionRow({ tx }: { tx: WalletTransaction }) {
  const other = counterpart(tx);
  const title = tx.related_entity_title || tx.description || TRANSACTION_TYPE_LABELS[tx.transaction_type];
  const relatedHref =
    tx.related_entity_id && tx.related_entity_type === 'quest'
      ? href.quest(tx.related_entity_id)
      : tx.related_entity_id && tx.related_entity_type === 'perk'
        ? href.perk(tx.related_entity_id)
        : null;
  return (
    <li className="flex items-start gap-3 px-4 py-3.5" data-testid="transaction-row">
      <Avatar src={other.avatar} name={other.name} className="mt-0.5 size-10 shrink-0" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-1.5">
          <span className="text-xs font-medium text-muted-foreground">
            {TRANSACTION_TYPE_LABELS[tx.transaction_type]}
          </span>
          {tx.status !== 'completed' ? (
            <Badge variant={tx.status === 'failed' ? 'destructive' : 'secondary'} className="capitalize">
              {tx.status}
            </Badge>
          ) : null}
        </div>
        {relatedHref ? (
          // A 44 px tall tap area (padding taken back by the margin), cut with an ellipsis when long.
          <Link to={relatedHref} className="-my-2.5 block truncate py-2.5 font-medium hover:text-primary">
            {title}
          </Link>
        ) : (
          <p className="truncate font-medium">{title}</p>
        )}
        <p className="flex min-w-0 items-baseline gap-1 text-sm text-muted-foreground">
          {/* Cut with an ellipsis when long; the whole name stays in the title (and the link's name). */}
          <span className="min-w-0 truncate" title={other.name} data-testid="transaction-counterpart">
            {tx.is_incoming ? 'From ' : 'To '}
            {other.id ? (
              <Link to={href.profile(other.id)} className="font-medium text-foreground hover:text-primary">
                {other.name}
              </Link>
            ) : (
              <span className="font-medium text-foreground">{other.name}</span>
            )}
          </span>
          <span aria-hidden="true">·</span>
          <time dateTime={tx.created_at} title={new Date(tx.created_at).toLocaleString()} className="shrink-0">
            {formatRelativeTime(tx.created_at)}
          </time>
        </p>
      </div>
      <div className="shrink-0 text-right">
        <p
          className={cn('font-semibold tabular-nums', tx.is_incoming ? 'text-success' : 'text-destructive')}
          data-testid="transaction-amount"
        >
          <span className="sr-only">{tx.is_incoming ? 'Received ' : 'Sent '}</span>
          {tx.is_incoming ? '+' : '−'}
          {formatPoints(tx.amount)}
        </p>
        {hasFee(tx.fee) ? <p className="text-xs text-muted-foreground">Fee {formatPoints(tx.fee)}</p> : null}
      </div>
    </li>
  );
}
