import type { ReactNode } from 'react';
import { Points } from '@/components/cards/points';
import { CalendarIcon, TrophyIcon, UsersIcon } from '@/components/icons';
import { cn } from '@/lib/cn';
import { formatRelativeTime } from '@/lib/format';
import type { QuestDetail } from '../types';

function InfoCard({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-center gap-3 rounded-2xl border border-border bg-card p-3.5">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-xs text-muted-foreground">{label}</p>
        <div className="truncate font-semibold">{children}</div>
      </div>
    </div>
  );
}

/** Deadline, Participants and Reward. */
export function QuestSideCards({ quest, productName, now = Date.now() }: { quest: QuestDetail; productName: string; now?: number }) {
  const deadline = quest.deadline ? Date.parse(quest.deadline) : NaN;
  const expired = Number.isFinite(deadline) && deadline < now;
  return (
    <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-1">
      <InfoCard icon={<CalendarIcon className="size-5" />} label="Deadline">
        {Number.isFinite(deadline) ? (
          <span className={cn(expired && 'text-destructive')} title={new Date(deadline).toLocaleString()}>
            {new Date(deadline).toLocaleDateString(undefined, { dateStyle: 'medium' })}
            <span className="ml-1 text-xs font-normal text-muted-foreground">({formatRelativeTime(deadline, now)})</span>
          </span>
        ) : (
          'No deadline'
        )}
      </InfoCard>
      <InfoCard icon={<UsersIcon className="size-5" />} label="Participants">
        <span data-testid="participants">
          {quest.current_participants} / {quest.max_participants ?? <span aria-label="unlimited">∞</span>}
        </span>
      </InfoCard>
      <InfoCard icon={<TrophyIcon className="size-5" />} label={`Reward in ${productName} Points`}>
        <Points amount={quest.reward_amount} />
      </InfoCard>
    </div>
  );
}
