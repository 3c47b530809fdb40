import { useState } from 'react';
import type { PerkCard as PerkCardData } from '@wyn/contract';
import { Link } from 'react-router';
import { MediaImage } from '@/components/media-image';
import { href } from '@/config/paths';
import { cn } from '@/lib/cn';
import { IMAGE_SIZES } from '@/lib/media-srcset';
import { PERK_TYPE_LABELS, UNTITLED_PERK } from '@/lib/labels';
import { CardTags } from './card-tags';
import { Points } from './points';
import { PerkTypeArt } from './type-icons';

/** `showTags` adds the perk's tags (at most two plus +N), as Explore's result grids do. */
export function PerkCard({
  perk,
  className,
  showTags = false,
}: {
  perk: PerkCardData;
  className?: string;
  showTags?: boolean;
}) {
  const title = perk.title?.trim() || UNTITLED_PERK;
  const [brokenMedia, setBrokenMedia] = useState(false);
  const showMedia = Boolean(perk.media) && !brokenMedia && !/\.(mp4|webm|mov|avi|pdf)(\?|$)/i.test(perk.media ?? '');
  return (
    <Link
      to={href.perk(perk.id)}
      data-testid="perk-card"
      className={cn(
        'group flex flex-col overflow-hidden rounded-2xl border border-border bg-card transition hover:border-primary/40 hover:shadow-md hover:shadow-primary/5',
        className,
      )}
    >
      <div className="relative aspect-[16/10] w-full overflow-hidden bg-muted">
        {showMedia ? (
          <MediaImage
            src={perk.media!}
            sizes={IMAGE_SIZES.card}
            loading="lazy"
            decoding="async"
            className="size-full object-cover transition duration-300 group-hover:scale-[1.03]"
            onError={() => setBrokenMedia(true)}
          />
        ) : (
          <PerkTypeArt type={perk.perk_type} className="size-full" />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <p className="text-[11px] font-semibold tracking-wide text-muted-foreground uppercase">
          {PERK_TYPE_LABELS[perk.perk_type] ?? 'Perk'}
        </p>
        <h3 className="line-clamp-2 text-sm leading-snug font-semibold group-hover:text-primary">{title}</h3>
        {showTags ? <CardTags tags={perk.tags ?? []} /> : null}
        <div className="mt-auto pt-1.5 text-sm" data-testid="perk-cost">
          <Points amount={perk.cost_amount} />
        </div>
      </div>
    </Link>
  );
}
