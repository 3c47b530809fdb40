import type { ReactNode } from 'react';
import { Points } from '@/components/cards/points';
import { ClockIcon, CoinIcon, UsersIcon } from '@/components/icons';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/cn';
import { formatPoints, formatRelativeTime } from '@/lib/format';
import { availability, isExpired } from '../lib/redeem-state';

function InfoCard({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-start gap-3 rounded-2xl border border-border bg-card p-3.5">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary">
        {icon}
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-xs leading-tight text-muted-foreground">{label}</p>
        <div className="mt-0.5 text-base font-semibold break-words">{children}</div>
      </div>
    </div>
  );
}

/** Cost (with the balance), Expires and — for limited perks — Availability. */
export function PerkDetailSideCards({
  perk,
  balance,
  balanceLoading,
  now = Date.now(),
}: {
  perk: { cost_amount: string; deadline: string | null; max_participants: number | null; purchased_count: number };
  balance: string | undefined;
  balanceLoading: boolean;
  now?: number;
}) {
  const deadline = perk.deadline ? Date.parse(perk.deadline) : NaN;
  const expired = isExpired(perk.deadline, now);
  const avail = availability(perk);
  return (
    <div className="flex flex-col gap-3">
      <InfoCard icon={<CoinIcon className="size-5" />} label="Cost">
        <Points amount={perk.cost_amount} />
        <p className="mt-0.5 text-xs font-normal text-muted-foreground" data-testid="your-balance">
          Your balance: {balance !== undefined ? formatPoints(balance) : balanceLoading ? '…' : '—'}
        </p>
      </InfoCard>
      <InfoCard icon={<ClockIcon className="size-5" />} label="Expires">
        {Number.isFinite(deadline) ? (
          <span className={cn(expired && 'text-destructive')} data-testid="expires">
            {new Date(deadline).toLocaleDateString(undefined, { dateStyle: 'medium' })}
            <span className={cn('block text-xs font-normal', expired ? 'text-destructive' : 'text-muted-foreground')}>
              {expired ? 'Expired ' : ''}
              {formatRelativeTime(deadline, now)}
            </span>
          </span>
        ) : (
          'No expiry'
        )}
      </InfoCard>
      {avail ? (
        <InfoCard icon={<UsersIcon className="size-5" />} label="Availability">
          <span data-testid="availability">
            {avail.left} / {avail.total} left
          </span>
          <Progress value={avail.percent} label="Availability" className="mt-2" />
        </InfoCard>
      ) : null}
    </div>
  );
}
