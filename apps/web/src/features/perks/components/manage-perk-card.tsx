import { useState } from 'react';
import type { MyPerk } from '@wyn/contract';
import { Link } from 'react-router';
import { PerkTypeArt } from '@/components/cards/type-icons';
import { MediaImage } from '@/components/media-image';
import { IMAGE_SIZES } from '@/lib/media-srcset';
import { HiddenByStaffBadge } from '@/components/hidden-by-staff-notice';
import { Points } from '@/components/cards/points';
import {
  AlertCircleIcon,
  ChartIcon,
  ClockIcon,
  CopyIcon,
  EyeIcon,
  FileTextIcon,
  UsersIcon,
  XIcon,
} from '@/components/icons';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { href } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatRelativeTime } from '@/lib/format';
import { UNTITLED_PERK } from '@/lib/labels';
import { perkBadge } from '../lib/manage-perks';

const badgeClass: Record<ReturnType<typeof perkBadge>['kind'], string> = {
  status: 'bg-muted text-muted-foreground capitalize',
  expired: 'bg-destructive-soft text-destructive',
  limit: 'bg-accent-soft text-accent-foreground',
  active: 'bg-success-soft text-success',
};

/** One perk on Manage Perks: image, badges, summary, facts and the View / Edit / Delete / Analytics / Duplicate actions. */
export function ManagePerkCard({ perk, onDelete }: { perk: MyPerk; onDelete: (perk: MyPerk) => void }) {
  const [broken, setBroken] = useState(false);
  const title = perk.title?.trim() || UNTITLED_PERK;
  const badge = perkBadge(perk);
  const showMedia = Boolean(perk.media) && !broken && !/\.(mp4|webm|mov|avi|pdf)(\?|$)/i.test(perk.media ?? '');
  const extraTags = perk.tags.length - 3;
  return (
    <article
      data-testid="manage-perk-card"
      className="flex w-full min-w-0 flex-col overflow-hidden rounded-2xl border border-border bg-card"
      aria-labelledby={`perk-${perk.id}-title`}
    >
      <div className="relative aspect-[16/9] w-full overflow-hidden bg-muted">
        {showMedia ? (
          <MediaImage
            src={perk.media!}
            sizes={IMAGE_SIZES.card}
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
            onError={() => setBroken(true)}
          />
        ) : (
          <PerkTypeArt type={perk.perk_type} className="size-full" />
        )}
        <div className="absolute top-2 left-2 flex flex-wrap gap-1.5">
          <Badge className={badgeClass[badge.kind]} data-testid="perk-status-badge">
            {badge.label}
          </Badge>
          <HiddenByStaffBadge moderation={perk.moderation} />
          {perk.has_media_issue ? (
            <Badge className="bg-amber-100 text-amber-800 dark:bg-amber-900/60 dark:text-amber-100">
              <AlertCircleIcon className="size-3.5" /> Media Issue
            </Badge>
          ) : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 id={`perk-${perk.id}-title`} className="line-clamp-2 leading-snug font-semibold break-words">
          {title}
        </h3>
        {perk.description ? (
          <p className="line-clamp-2 text-sm break-words text-muted-foreground">{perk.description}</p>
        ) : null}
        <p className="flex items-center gap-1 text-xs text-muted-foreground">
          <ClockIcon className="size-3.5" /> Created {formatRelativeTime(perk.created_at)}
        </p>
        {perk.tags.length ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
            {perk.tags.slice(0, 3).map((t) => (
              <li key={t.id}>
                <Badge variant="secondary" className="max-w-[9rem] truncate">
                  #{t.name}
                </Badge>
              </li>
            ))}
            {extraTags > 0 ? (
              <li>
                <Badge variant="outline">+{extraTags}</Badge>
              </li>
            ) : null}
          </ul>
        ) : null}
        <dl className="mt-auto grid grid-cols-2 gap-2 rounded-xl bg-muted/60 p-3 text-sm">
          <div className="min-w-0">
            <dt className="text-xs text-muted-foreground">Cost</dt>
            <dd>
              <Points amount={perk.cost_amount} />
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs text-muted-foreground">Limit</dt>
            <dd className="flex items-center gap-1 font-semibold tabular-nums">
              <UsersIcon className="size-4 text-muted-foreground" />
              {typeof perk.max_participants === 'number' ? perk.max_participants : 'Unlimited'}
            </dd>
          </div>
        </dl>
        <div className="grid grid-cols-3 gap-2 pt-1">
          <Link
            to={href.perk(perk.id)}
            className={buttonVariants({ variant: 'outline', size: 'sm', className: 'gap-1 px-2' })}
            aria-label={`View ${title}`}
          >
            <EyeIcon className="size-4 shrink-0" /> View
          </Link>
          <Link
            to={href.editPerk(perk.id)}
            className={buttonVariants({ variant: 'secondary', size: 'sm', className: 'gap-1 px-2' })}
            aria-label={`Edit ${title}`}
          >
            <FileTextIcon className="size-4 shrink-0" /> Edit
          </Link>
          <Button
            variant="outline"
            size="sm"
            className={cn('gap-1 px-2 text-destructive hover:bg-destructive-soft hover:text-destructive')}
            onClick={() => onDelete(perk)}
            aria-label={`Delete ${title}`}
          >
            <XIcon className="size-4 shrink-0" /> Delete
          </Button>
        </div>
        <div className="grid grid-cols-2 gap-2">
          <Link
            to={href.perkAnalytics(perk.id)}
            className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'gap-1 px-2' })}
            aria-label={`Analytics of ${title}`}
          >
            <ChartIcon className="size-4 shrink-0" /> Analytics
          </Link>
          <Link
            to={href.duplicate('perk', perk.id)}
            className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'gap-1 px-2' })}
            aria-label={`Duplicate ${title}`}
          >
            <CopyIcon className="size-4 shrink-0" /> Duplicate
          </Link>
        </div>
      </div>
    </article>
  );
}
