import { Link } from 'react-router';
import { Avatar } from '@/components/avatar';
import { QuestTypeIcon } from '@/components/cards/type-icons';
import { HashIcon } from '@/components/icons';
import { MediaImage } from '@/components/media-image';
import { Badge } from '@/components/ui/badge';
import { href } from '@/config/paths';
import { formatRelativeTime, isAppPath, isHttpUrl } from '@/lib/format';
import { QUEST_TYPE_LABELS } from '@/lib/labels';
import { IMAGE_SIZES } from '@/lib/media-srcset';
import type { QuestDetail } from '../types';
import { QuestActions } from './quest-actions';

const VIDEO_RE = /\.(mp4|webm|mov|avi)(\?|$)/i;

/** The quest's type, title, tags, creator and age, with the like and share actions. */
export function QuestHeader({ quest, title, productName }: { quest: QuestDetail; title: string; productName: string }) {
  return (
    <header className="flex flex-col gap-3">
      <div className="flex items-start gap-3">
        <QuestTypeIcon type={quest.task_type} />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium text-muted-foreground">{QUEST_TYPE_LABELS[quest.task_type] ?? 'Quest'}</p>
          <h1 className="text-2xl leading-tight font-bold tracking-tight break-words">{title}</h1>
        </div>
      </div>
      {quest.tags.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
          {quest.tags.map((t) => (
            <li key={t.id}>
              <Badge variant="secondary">
                <HashIcon className="size-3" />
                {t.name}
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex min-w-0 items-center gap-2 text-sm text-muted-foreground">
        {quest.creator ? (
          <Link
            to={href.profile(quest.creator)}
            className="relative touch-target flex min-w-0 items-center gap-2 rounded-full font-medium text-foreground hover:text-primary"
          >
            <Avatar src={quest.creator_avatar} name={quest.creator_name} className="size-7" />
            <span className="truncate">{quest.creator_name || 'Creator'}</span>
          </Link>
        ) : (
          <span className="font-medium text-foreground">{quest.creator_name || productName}</span>
        )}
        <span aria-hidden="true">·</span>
        <time dateTime={quest.created_at} className="shrink-0">
          {formatRelativeTime(quest.created_at)}
        </time>
      </div>
      <QuestActions quest={quest} title={title} />
    </header>
  );
}

/** The cover: a video when the address names a video file, else an image; nothing for an unsafe address. */
export function QuestMedia({ quest }: { quest: QuestDetail }) {
  const media = quest.media && (isHttpUrl(quest.media) || isAppPath(quest.media)) ? quest.media : null;
  if (!media) return null;
  return VIDEO_RE.test(media) ? (
    <video src={media} controls playsInline className="aspect-video w-full rounded-2xl bg-black object-contain" />
  ) : (
    // The page's largest element (its LCP): fetched first, at the width the column shows it (decision 0017).
    <MediaImage
      src={media}
      sizes={IMAGE_SIZES.detailCover}
      width={1280}
      height={720}
      fetchPriority="high"
      className="aspect-video h-auto w-full rounded-2xl bg-muted object-cover"
    />
  );
}
