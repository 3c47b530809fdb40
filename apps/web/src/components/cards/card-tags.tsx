import { EXPLORE_LIMITS, type Tag } from '@wyn/contract';
import { Badge } from '@/components/ui/badge';

/** Cards show at most EXPLORE_LIMITS.cardTags tags plus a +N badge (docs/spec/02-explore-details-wallet-social.md §2, §9). */
export function CardTags({ tags }: { tags: readonly Tag[] }) {
  if (!tags.length) return null;
  const shown = tags.slice(0, EXPLORE_LIMITS.cardTags);
  const more = tags.length - shown.length;
  return (
    <ul className="flex min-w-0 flex-wrap gap-1" aria-label="Tags" data-testid="card-tags">
      {shown.map((t) => (
        <li key={t.id} className="min-w-0">
          <Badge variant="secondary" className="max-w-[9rem] truncate px-2 text-[11px] font-medium">
            #{t.name}
          </Badge>
        </li>
      ))}
      {more > 0 ? (
        <li>
          <Badge variant="outline" className="px-2 text-[11px]" aria-label={`${more} more tags`}>
            +{more}
          </Badge>
        </li>
      ) : null}
    </ul>
  );
}
