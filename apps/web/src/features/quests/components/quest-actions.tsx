import { HeartIcon, ShareIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { href } from '@/config/paths';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/toast';
import { useLikeQuest } from '../api/like-quest';
import { useShareQuest } from '../api/share-quest';
import { SHARE_MSG, shareLink } from '../lib/share';
import type { QuestDetail } from '../types';

/** Like (a toggle) and Share (the share sheet, else copy the link), each with its count. */
export function QuestActions({ quest, title }: { quest: QuestDetail; title: string }) {
  const like = useLikeQuest(quest.id);
  const countShare = useShareQuest(quest.id);

  const share = async () => {
    const outcome = await shareLink({ title, url: new URL(href.quest(quest.id), window.location.origin).href });
    if (outcome === 'copied') notify.success(SHARE_MSG.copied);
    if (outcome === 'failed') notify.error(SHARE_MSG.copyFailed);
    // Only a share that happened is counted.
    if (outcome === 'shared' || outcome === 'copied') countShare.mutate();
  };

  return (
    <div className="flex items-center gap-2" data-testid="quest-actions">
      <Button
        variant="outline"
        size="sm"
        aria-pressed={quest.is_liked}
        aria-label={`Like, ${quest.likes_count} ${quest.likes_count === 1 ? 'like' : 'likes'}`}
        onClick={() => like.mutate()}
        disabled={like.isPending}
        className={cn(quest.is_liked && 'border-rose-300 text-rose-600 dark:border-rose-800 dark:text-rose-400')}
      >
        <HeartIcon className={cn('size-4', quest.is_liked && 'fill-current')} />
        <span>Like</span>
        <span className="tabular-nums" data-testid="likes-count">
          {quest.likes_count}
        </span>
      </Button>
      <Button
        variant="outline"
        size="sm"
        aria-label={`Share, ${quest.shares_count} ${quest.shares_count === 1 ? 'share' : 'shares'}`}
        onClick={() => void share()}
      >
        <ShareIcon className="size-4" />
        <span>Share</span>
        <span className="tabular-nums" data-testid="shares-count">
          {quest.shares_count}
        </span>
      </Button>
    </div>
  );
}
