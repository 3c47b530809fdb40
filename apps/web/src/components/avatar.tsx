import { useState } from 'react';
import { MediaImage } from '@/components/media-image';
import { cn } from '@/lib/cn';
import { initialOf } from '@/lib/format';

/**
 * A round picture, or the name's initial when there is none or it fails to load. `sizes`: how wide it is shown
 * (an upload is offered at display widths, decision 0017); 48 px covers the list sizes.
 */
export function Avatar({
  src,
  name,
  className,
  sizes = '48px',
}: {
  src?: string | null;
  name?: string | null;
  className?: string;
  sizes?: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  return (
    <span
      className={cn(
        'relative inline-flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-primary/80 to-primary font-semibold text-primary-foreground select-none',
        className,
      )}
    >
      {showImage ? (
        <MediaImage
          src={src!}
          sizes={sizes}
          className="size-full object-cover"
          loading="lazy"
          decoding="async"
          onError={() => setFailedSrc(src ?? null)}
        />
      ) : (
        <span aria-hidden="true">{initialOf(name)}</span>
      )}
    </span>
  );
}
