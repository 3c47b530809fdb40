import { QUEST_MSG } from '@wyn/contract';
import { Link } from 'react-router';
import { ChartIcon, CheckIcon, ClipboardCheckIcon, CopyIcon, FileTextIcon } from '@/components/icons';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { href, paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { joinDisabledReason, levelShortfall, progressSteps, progressValue } from '../lib/participation';
import { EDIT_FROM_QUEST } from '../lib/quest-links';
import type { QuestDetail } from '../types';
import { CloseQuestButton } from './close-quest-button';

/** Participate button with its disabled reason, or the member's progress, or the creator's review summary. */
export function JoinCard({
  quest,
  viewerId,
  joining,
  onParticipate,
}: {
  quest: QuestDetail;
  viewerId: string | null;
  joining: boolean;
  onParticipate: () => void;
}) {
  const participation = quest.my_participation;

  if (quest.is_creator || (viewerId !== null && quest.creator === viewerId)) {
    return (
      <Card data-testid="join-card">
        <CardContent className="flex flex-col gap-3">
          <p className="text-sm font-semibold">{QUEST_MSG.creatorCannotJoin}</p>
          <p className="text-sm text-muted-foreground">
            {quest.pending_review_count > 0
              ? `${quest.pending_review_count} submission${quest.pending_review_count === 1 ? '' : 's'} waiting for your review.`
              : 'No submissions are waiting for review.'}
          </p>
          {/* Managing the quest: editing it (inside Telegram its MainButton does), its submissions, its numbers,
              a copy of it, closing it. */}
          <div className="flex flex-wrap gap-2">
            <Link
              to={href.editQuest(quest.id)}
              state={EDIT_FROM_QUEST}
              className={buttonVariants({ size: 'sm', className: 'tg-main:hidden' })}
            >
              <FileTextIcon className="size-4" /> Edit Quest
            </Link>
            <Link to={paths.review} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
              <ClipboardCheckIcon className="size-4" /> To review
              {quest.pending_review_count > 0 ? (
                <Badge variant="destructive">{quest.pending_review_count}</Badge>
              ) : null}
            </Link>
            <Link to={href.questAnalytics(quest.id)} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              <ChartIcon className="size-4" /> Analytics
            </Link>
            {/* A copy opens in the create wizard; nothing is stored until the creator publishes it. */}
            <Link to={href.duplicate('quest', quest.id)} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              <CopyIcon className="size-4" /> Duplicate
            </Link>
            {quest.status === 'published' ? <CloseQuestButton questId={quest.id} /> : null}
          </div>
        </CardContent>
      </Card>
    );
  }

  if (participation) {
    const status = participation.verification_status;
    const steps = progressSteps(status);
    return (
      <Card data-testid="join-card">
        <CardContent className="flex flex-col gap-3">
          <div className="flex items-center justify-between gap-2">
            <p className="text-sm font-semibold">Your progress</p>
            <span className="text-sm font-semibold tabular-nums text-primary">{progressValue(status)}%</span>
          </div>
          <Progress
            value={progressValue(status)}
            label="Quest progress"
            barClassName={status === 'approved' ? 'bg-success' : undefined}
          />
          <ol className="grid grid-cols-4 gap-1 text-center text-[11px] leading-tight">
            {steps.map((s) => (
              <li
                key={s.label}
                className={cn('flex flex-col items-center gap-1', s.done ? 'text-foreground' : 'text-muted-foreground')}
              >
                <span
                  className={cn(
                    'flex size-5 items-center justify-center rounded-full',
                    s.done ? 'bg-primary text-primary-foreground' : 'bg-muted',
                  )}
                  aria-hidden="true"
                >
                  {s.done ? <CheckIcon className="size-3" /> : null}
                </span>
                <span>
                  {s.label}
                  <span className="sr-only">{s.done ? ' (done)' : ' (not yet)'}</span>
                </span>
              </li>
            ))}
          </ol>
          {status === 'rejected' ? (
            <p className="text-sm text-destructive">Your submission was rejected. You can submit again.</p>
          ) : null}
        </CardContent>
      </Card>
    );
  }

  const reason = joinDisabledReason(quest, viewerId);
  const shortfall = levelShortfall(quest);
  return (
    <Card data-testid="join-card">
      <CardContent className="flex flex-col gap-3">
        {shortfall ? (
          <p className="text-sm font-medium" data-testid="level-needed">
            {shortfall} Complete other quests to earn XP.
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">
            {reason ? 'This quest cannot be joined right now.' : 'Join the quest, complete it, and earn the reward.'}
          </p>
        )}
        {/* Inside Telegram its MainButton takes part (quest page). */}
        <Button
          size="lg"
          className="tg-main:hidden"
          onClick={onParticipate}
          disabled={reason !== null}
          loading={joining}
        >
          {reason ?? 'Participate'}
        </Button>
      </CardContent>
    </Card>
  );
}
