import { formatPoints } from '@/lib/format';
import { cn } from '@/lib/cn';
import { CoinIcon } from '@/components/icons';

/** "125 W" with the coin. */
export function Points({
  amount,
  prefix,
  className,
}: {
  amount: string | number | null | undefined;
  prefix?: string;
  className?: string;
}) {
  return (
    <span className={cn('inline-flex items-center gap-1 font-semibold tabular-nums', className)}>
      <CoinIcon className="size-4" />
      <span>
        {prefix}
        {formatPoints(amount)}
      </span>
    </span>
  );
}
