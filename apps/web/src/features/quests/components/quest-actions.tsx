import { HeartIcon, ShareIcon } from '@/components/icons';
import { useShare } from '@/components/share-button';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { haptic, useSecondaryButton } from '@/lib/telegram';
import { useLikeQuest } from '../api/like-quest';
import { useShareQuest } from '../api/share-quest';
import type { QuestDetail } from '../types';

/**
 * Like (a toggle) and Share (lib/share.ts: Telegram's share sheet with a prepared card inside Telegram, else the
 * system share sheet or copying the link), each with its count. Where Telegram's SecondaryButton stands in for
 * Share (Bot API 7.10+, `tg-secondary` on <html>), the in-page Share gives way to it as the in-page duplicates of
 * the MainButton do, and the share count stays as text.
 */
export function QuestActions({ quest, title }: { quest: QuestDetail; title: string }) {
  const like = useLikeQuest(quest.id);
  const countShare = useShareQuest(quest.id);
  // Only a share that happened is counted.
  const { share, pending } = useShare({ type: 'quest', id: quest.id, title }, () => countShare.mutate());
  // Inside Telegram (Bot API 7.10+) Share also sits beside the MainButton, as its SecondaryButton.
  useSecondaryButton({ text: 'Share', loading: pending, onClick: () => void share() });
  const shares = `${quest.shares_count} ${quest.shares_count === 1 ? 'share' : 'shares'}`;

  return (
    <div className="flex items-center gap-2" data-testid="quest-actions">
      <Button
        variant="outline"
        size="sm"
        aria-pressed={quest.is_liked}
        aria-label={`Like, ${quest.likes_count} ${quest.likes_count === 1 ? 'like' : 'likes'}`}
        onClick={() => {
          haptic.impact('light');
          like.mutate();
        }}
        disabled={like.isPending}
        className={cn(quest.is_liked && 'border-rose-300 text-rose-600 dark:border-rose-800 dark:text-rose-400')}
      >
        <HeartIcon className={cn('size-4', quest.is_liked && 'fill-current')} />
        <span>Like</span>{' '}
        <span className="tabular-nums" data-testid="likes-count">
          {quest.likes_count}
        </span>
      </Button>
      <Button
        variant="outline"
        size="sm"
        aria-label={`Share, ${shares}`}
        onClick={() => void share()}
        aria-busy={pending || undefined}
        className="tg-secondary:hidden"
      >
        <ShareIcon className="size-4" />
        <span>Share</span>{' '}
        <span className="tabular-nums" data-testid="shares-count">
          {quest.shares_count}
        </span>
      </Button>
      <span
        className="hidden items-center gap-1.5 px-1 text-sm text-muted-foreground tabular-nums tg-secondary:inline-flex"
        data-testid="shares-count-text"
      >
        <ShareIcon className="size-4" aria-hidden="true" />
        {shares}
      </span>
    </div>
  );
}
