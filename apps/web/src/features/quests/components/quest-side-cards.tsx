import type { ReactNode } from 'react';
import { Points } from '@/components/cards/points';
import { CalendarIcon, TrophyIcon, UsersIcon } from '@/components/icons';
import { cn } from '@/lib/cn';
import { formatRelativeTime } from '@/lib/format';
import type { QuestDetail } from '../types';

function InfoCard({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-2 rounded-2xl border border-border bg-card p-3 lg:flex-row lg:items-center lg:gap-3 lg:p-3.5">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary lg:size-10">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-xs leading-tight text-muted-foreground">{label}</p>
        <div className="mt-0.5 text-sm font-semibold break-words lg:text-base">{children}</div>
      </div>
    </div>
  );
}

/** Deadline, Participants and Reward. */
export function QuestSideCards({
  quest,
  productName,
  now = Date.now(),
}: {
  quest: QuestDetail;
  productName: string;
  now?: number;
}) {
  const deadline = quest.deadline ? Date.parse(quest.deadline) : NaN;
  const expired = Number.isFinite(deadline) && deadline < now;
  return (
    <div className="grid grid-cols-3 gap-2 lg:grid-cols-1 lg:gap-3">
      <InfoCard icon={<CalendarIcon className="size-4 lg:size-5" />} label="Deadline">
        {Number.isFinite(deadline) ? (
          <span className={cn(expired && 'text-destructive')} title={new Date(deadline).toLocaleString()}>
            {new Date(deadline).toLocaleDateString(undefined, { dateStyle: 'medium' })}
            <span className="ml-1 text-xs font-normal text-muted-foreground">
              ({formatRelativeTime(deadline, now)})
            </span>
          </span>
        ) : (
          'No deadline'
        )}
      </InfoCard>
      <InfoCard icon={<UsersIcon className="size-4 lg:size-5" />} label="Participants">
        <span data-testid="participants">
          {quest.current_participants} / {quest.max_participants ?? <span aria-label="unlimited">∞</span>}
        </span>
      </InfoCard>
      <InfoCard icon={<TrophyIcon className="size-4 lg:size-5" />} label={`Reward in ${productName} Points`}>
        <Points amount={quest.reward_amount} />
      </InfoCard>
    </div>
  );
}
