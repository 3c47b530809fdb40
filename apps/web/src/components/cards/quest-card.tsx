import type { QuestCard as QuestCardData } from '@wyn/contract';
import { Link } from 'react-router';
import { href } from '@/config/paths';
import { cn } from '@/lib/cn';
import { QUEST_TYPE_LABELS, UNTITLED_QUEST } from '@/lib/labels';
import { UsersIcon } from '@/components/icons';
import { CardTags } from './card-tags';
import { Points } from './points';
import { QuestTypeIcon } from './type-icons';

/** `showTags` adds the quest's tags (at most two plus +N), as Explore's result grids do. */
export function QuestCard({
  quest,
  className,
  showTags = false,
}: {
  quest: QuestCardData;
  className?: string;
  showTags?: boolean;
}) {
  const title = quest.title?.trim() || UNTITLED_QUEST;
  const participants =
    quest.max_participants != null
      ? `${quest.current_participants}/${quest.max_participants}`
      : String(quest.current_participants ?? 0);
  return (
    <Link
      to={href.quest(quest.id)}
      data-testid="quest-card"
      className={cn(
        'group flex items-center gap-3.5 rounded-2xl border border-border bg-card p-3.5 transition hover:border-primary/40 hover:shadow-md hover:shadow-primary/5',
        className,
      )}
    >
      <QuestTypeIcon type={quest.task_type} />
      <div className="min-w-0 flex-1">
        <h3 className="line-clamp-2 leading-snug font-semibold break-words group-hover:text-primary">{title}</h3>
        <p className="mt-1 flex items-center gap-2 text-xs whitespace-nowrap text-muted-foreground">
          <span>{QUEST_TYPE_LABELS[quest.task_type] ?? 'Quest'}</span>
          <span aria-hidden="true">·</span>
          <span className="inline-flex items-center gap-1">
            <UsersIcon className="size-3.5" />
            <span>
              {participants}
              <span className="sr-only"> participants</span>
            </span>
          </span>
        </p>
        {showTags ? (
          <div className="mt-1.5">
            <CardTags tags={quest.tags ?? []} />
          </div>
        ) : null}
      </div>
      <span
        className="shrink-0 rounded-full bg-accent-soft px-2.5 py-1 text-sm text-accent-foreground"
        data-testid="quest-reward"
      >
        <Points amount={quest.reward_amount} prefix="+" />
      </span>
    </Link>
  );
}
