import { useState, type ImgHTMLAttributes, type SyntheticEvent } from 'react';
import { mediaSrcSet } from '@/lib/media-srcset';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'> & {
  src: string;
  /** How wide the image is shown (the `sizes` attribute), e.g. IMAGE_SIZES.card. */
  sizes: string;
};

/**
 * An image from `/media/` offered at display widths (`srcset`, decision 0017), else as it is. When a width cannot
 * be loaded (a file stored before variants, on a server that cannot make one) the original is shown instead;
 * `onError` is told only when that fails too.
 */
export function MediaImage({ src, sizes, alt = '', onError, ...img }: Props) {
  const [variantsFailed, setVariantsFailed] = useState<string | null>(null);
  const srcSet = variantsFailed === src ? undefined : mediaSrcSet(src);
  const failed = (e: SyntheticEvent<HTMLImageElement>) => {
    if (srcSet) setVariantsFailed(src);
    else onError?.(e);
  };
  // srcSet and sizes before src: a browser that starts a fetch as soon as src is set fetches the right one.
  return <img srcSet={srcSet} sizes={srcSet ? sizes : undefined} src={src} alt={alt} onError={failed} {...img} />;
}
