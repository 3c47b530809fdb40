import { MEDIA_VARIANT_WIDTHS, mediaVariantUrl } from '@wyn/contract';

/**
 * The `srcset` of an image the server also keeps at display widths as WebP (decision 0017: an upload or a seed
 * image under `/media/`, in PNG, JPEG or WebP), so the browser downloads the smallest one that fills the `sizes`
 * it is told; undefined for anything else (a GIF, a video, an outside address, a private file's signed link).
 */
export function mediaSrcSet(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  const candidates = MEDIA_VARIANT_WIDTHS.map((w) => {
    const variant = mediaVariantUrl(url, w);
    return variant ? `${variant} ${w}w` : null;
  });
  return candidates.every(Boolean) ? candidates.join(', ') : undefined;
}

/**
 * `sizes` for the places the app shows images, from their CSS (the page is at most max-w-6xl, 1152 px, with 16 px
 * side padding on phones). A little over the displayed width is fine: the browser picks the next variant up.
 */
export const IMAGE_SIZES = {
  /** Home's banner slider: the page's width. */
  banner: '(min-width: 1152px) 1120px, 100vw',
  /** A cover on a quest's or perk's page: the main column (the side column takes 320 px from 1024 px). */
  detailCover: '(min-width: 1152px) 760px, (min-width: 1024px) calc(100vw - 392px), 100vw',
  /** A perk card in a grid: two columns on a phone, three from 640 px, narrower from 1024 px. */
  card: '(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw',
  /** A 40 px thumbnail in a list. */
  thumb: '40px',
} as const;

/**
 * Starts the download of an image a page is about to show at `sizes`, before the page renders it: a
 * `<link rel="preload">` with the same `srcset` and `sizes`, so the browser picks the same width and the `<img>`
 * uses that one download. For a page's largest image (its LCP) whose address comes with the page's data
 * (docs/performance.md, Web). Only images offered at display widths; anything else is left to the page.
 */
export function preloadMediaImage(src: string | null | undefined, sizes: string): void {
  const srcSet = mediaSrcSet(src);
  if (!src || !srcSet || typeof document === 'undefined') return;
  // Already asked for (public/tg-boot.js preloads a quest's cover when it starts the quest's request).
  const asked = Array.from(document.head.querySelectorAll('link[rel="preload"][as="image"]')).some(
    (l) => l.getAttribute('href') === src && l.getAttribute('imagesizes') === sizes,
  );
  if (asked) return;
  const link = document.createElement('link');
  const attributes = {
    rel: 'preload',
    as: 'image',
    href: src,
    imagesrcset: srcSet,
    imagesizes: sizes,
    fetchpriority: 'high',
  };
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  document.head.appendChild(link);
}
